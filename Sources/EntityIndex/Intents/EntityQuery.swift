import Foundation

/// How the system finds a service's entities, in App Intents' shape
/// (`EntityQuery`): by the ids it was handed, and a few to offer before the
/// person says anything. Conform a type that names the index; the default
/// implementations read it, so declaring the entity's schema type
/// (`IndexedEntity.entityType`) is all a service writes. App Intents calls the
/// associated type `Entity`; here it is `Value`, beside the index's own `Entity`.
///
/// ```swift
/// struct CrewEventQuery: EntityStringQuery {
///     let index: EntityIndex
///     typealias Value = CrewEvent
/// }
/// let events = try await CrewEventQuery(index: index).entities(matching: "crew lunch")
/// ```
public protocol EntityQuery: Sendable {
    /// The entities the query finds.
    associatedtype Value: IndexedEntity
    /// The index the default implementations read.
    var index: EntityIndex { get }
    /// The entities with these ids, in the same order; ids not indexed are left out.
    func entities(for identifiers: [String]) async throws -> [Value]
    /// Entities to offer before anything is said: for a type with a time, the
    /// next to happen (a recurring one at its next occurrence); else the
    /// oldest. At most `EntityIndex.suggestionLimit`.
    func suggestedEntities() async throws -> [Value]
}

/// An entity query that also takes what a person typed or said
/// (App Intents' `EntityStringQuery`).
public protocol EntityStringQuery: EntityQuery {
    /// The entities a string names, best first: by default those the index
    /// resolves for it among `Value.entityType`, as the request is read
    /// (`EntityIndex.resolve(_:)`), on the caller's clock.
    func entities(matching string: String) async throws -> [Value]
}

extension EntityQuery {
    /// The indexed values with these ids (`EntityIndex.entities(_:ids:)`).
    public func entities(for identifiers: [String]) async throws -> [Value] {
        try index.entities(Value.self, ids: identifiers)
    }

    /// The next to happen from now, or the oldest (`EntityIndex.suggestions(ofType:from:limit:)`).
    public func suggestedEntities() async throws -> [Value] {
        try index.suggestions(ofType: Value.entityType, from: Date(), limit: EntityIndex.suggestionLimit).map(Value.init)
    }
}

extension EntityStringQuery {
    /// The values the index resolves for the string, best first.
    public func entities(matching string: String) async throws -> [Value] {
        let results = try index.resolve(SearchQuery(string, types: [Value.entityType])).results
        return try index.entities(Value.self, ids: results.map(\.identifier.id))
    }
}

/// A query for values another app hands over (App Intents' `IntentValueQuery`):
/// a person from the share sheet, say, becomes the service's contacts.
public protocol IntentValueQuery: Sendable {
    /// What comes in.
    associatedtype Input
    /// What it becomes.
    associatedtype Value
    /// The values the input stands for, best first.
    func values(for input: Input) async throws -> [Value]
}

/// A value query from a person to the contacts that person is, by handle or
/// by a well-fitting name (`EntityIndex.resolve(_:contactType:)`).
public protocol ContactValueQuery: IntentValueQuery where Input == IntentPerson, Value: IndexedEntity {
    /// The index the default implementation reads.
    var index: EntityIndex { get }
}

extension ContactValueQuery {
    /// The contacts of type `Value.entityType` the person resolves to.
    public func values(for person: IntentPerson) async throws -> [Value] {
        let results = try index.resolve(person, contactType: Value.entityType).results
        return try index.entities(Value.self, ids: results.map(\.identifier.id))
    }
}
