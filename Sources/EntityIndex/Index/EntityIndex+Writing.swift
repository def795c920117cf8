extension EntityIndex {
    /// Adds or replaces entities by type + id, atomically: the whole batch is
    /// checked against the schemas, then lands in one durable commit; on any
    /// invalid entity or failure none of it does.
    /// - Parameters:
    ///   - entities: the entities; a later entity with the same type + id wins.
    ///     A `null` property is the same as an absent one.
    ///   - progress: called with the number of entities written so far.
    public func donate(_ entities: [Entity], progress: ((Int) -> Void)? = nil) throws {
        let valid = try configuration.schemas.validatedBatch(entities) { "entity \($0 + 1) of the batch" }
        try write { writer in try writer.replace(valid, progress: progress) }
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
                    throw EntityIndexError(.entityNotFound, "\(place): no such entity in the index; donate it first; nothing was applied")
                }
                do {
                    updated[update.identifier] = try configuration.schemas.validated(update.applied(to: current))
                } catch {
                    throw EntityIndexError(.invalidEntity, "\(place): \(error); nothing was applied")
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
                count + (try writer.database.deleteDocuments(
                    indexedBy: IndexLayout.uniqueTerm(for: EntityIdentifier(type: type, id: id))))
            }
        }
    }

    /// Deletes every entity of a type.
    /// - Returns: how many were deleted.
    @discardableResult
    public func deleteAll(ofType type: EntityType) throws -> Int {
        try write { writer in
            try writer.database.deleteDocuments(indexedBy: IndexLayout.typeTerm(for: type))
        }
    }
}
