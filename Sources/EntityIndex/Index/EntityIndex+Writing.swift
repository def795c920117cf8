extension EntityIndex {
    /// Adds or replaces entities by type + id, atomically: the whole batch is
    /// checked against the schemas, then lands in one durable commit; on any
    /// invalid entity or failure none of it does.
    /// - Parameters:
    ///   - entities: the entities; a later entity with the same type + id wins.
    ///     A `null` property is the same as an absent one.
    ///   - progress: called with the number of entities written so far, on a
    ///     queue of its own and never while the index holds a lock; every call
    ///     has returned when `donate` returns.
    public func donate(_ entities: [Entity], progress: ((Int) -> Void)? = nil) throws {
        let valid = try configuration.schemas.validatedBatch(entities) { "entity \($0 + 1) of the batch" }
        let relay = progress.map(ProgressRelay.init)
        defer { relay?.finish() }
        try write { writer in try writer.replace(valid, progress: relay?.report) }
    }

    /// Changes some properties of existing entities, atomically. In each update
    /// `.set(value)` sets a property, `.set(nil)` clears it and `.unset` (or
    /// absence) leaves it; the index reflects the change at once.
    /// - Throws: `EntityIndexError.Code.entityNotFound` when an entity is not
    ///   indexed, `.invalidEntity` when the result breaks its schema (such as
    ///   clearing a required property); then nothing is applied.
    public func update(_ updates: [EntityUpdate]) throws {
        try write { writer in
            var updated: [EntityIdentifier: Entity] = [:]
            var order: [EntityIdentifier] = []
            for (offset, update) in updates.enumerated() {
                let place = "update \(offset + 1) of the batch (\(update.identifier))"
                guard let current = try updated[update.identifier] ?? writer.reader.storedEntity(update.identifier) else {
                    throw EntityIndexError(.entityNotFound, "\(place): no such entity in the index; donate it first; nothing was applied",
                                           entity: update.identifier)
                }
                do {
                    updated[update.identifier] = try configuration.schemas.validated(update.applied(to: current))
                } catch {
                    throw EntityIndexError(.invalidEntity, "\(place): \(error); nothing was applied", entity: update.identifier,
                                           property: (error as? SchemaViolation)?.property)
                }
                if !order.contains(update.identifier) { order.append(update.identifier) }
            }
            try writer.replace(order.map { updated[$0]! }, progress: nil)
        }
    }

    /// Deletes entities of one type by id, atomically; ids not in the index are
    /// ignored. Deletes nothing else: references to them are left dangling.
    /// - Returns: how many entities were deleted.
    @discardableResult
    public func delete(ids: [String], ofType type: EntityType) throws -> Int {
        try write { writer in
            try ids.reduce(0) { count, id in
                count + (try writer.deleteDocuments(indexedBy: IndexLayout.uniqueTerm(for: EntityIdentifier(type: type, id: id))))
            }
        }
    }

    /// Deletes every entity of a type.
    /// - Returns: how many were deleted.
    @discardableResult
    public func deleteAll(ofType type: EntityType) throws -> Int {
        try write { writer in
            try writer.deleteDocuments(indexedBy: IndexLayout.typeTerm(for: type))
        }
    }

    /// Deletes what a request resolves to, safely: only when the resolution is
    /// `resolved` (its first result, or every result of a plural request such
    /// as "delete these"); on `ambiguous` or `notFound` nothing is deleted and
    /// the resolution lists the candidates to choose from. Resolving and
    /// deleting happen under the write lock, so nothing changes in between.
    /// - Parameters:
    ///   - request: the request, with its screen and clock ("delete this",
    ///     "delete the crew lunch tomorrow"); its fallback is not used.
    ///   - dryRun: resolve and report what would be deleted, deleting nothing.
    public func delete(matching request: SearchQuery, dryRun: Bool = false) throws -> DeletionByRequest {
        try request.validate(against: configuration.schemas)
        var request = request
        // "delete these" deletes everything shown that fits, however many that is.
        request.limit = min(SearchQuery.maximumLimit, max(request.limit, (request.context?.visible.count ?? 0) + 1))
        return try write { writer in
            let resolution = try Resolver(reader: writer.reader, configuration: configuration, grammar: grammars.grammar(for: request.text)).resolve(request)
            guard resolution.status == .resolved, let first = resolution.results.first else {
                return DeletionByRequest(resolution: resolution, deleted: [], isDryRun: dryRun)
            }
            let targets = resolution.interpretation?.reference?.isPlural == true ? resolution.results.map(\.identifier) : [first.identifier]
            if !dryRun {
                for target in targets {
                    _ = try writer.deleteDocuments(indexedBy: IndexLayout.uniqueTerm(for: target))
                }
            }
            return DeletionByRequest(resolution: resolution, deleted: targets, isDryRun: dryRun)
        }
    }
}

/// What `EntityIndex.delete(matching:dryRun:)` did.
public struct DeletionByRequest: Sendable, Hashable {
    /// How the request was resolved: its verdict, candidates and interpretation.
    public var resolution: Resolution
    /// The entities deleted (or, on a dry run, those that would be); empty
    /// unless the request was resolved.
    public var deleted: [EntityIdentifier]
    /// Whether nothing was deleted because it was a dry run.
    public var isDryRun: Bool
}
