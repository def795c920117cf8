/// A person as another app hands one over (App Intents' `IntentPerson`): a
/// display name and handles, any of which may be missing.
public struct IntentPerson: Sendable, Hashable, Codable {
    /// The name to show, e.g. "Zoë Müller".
    public var displayName: String?
    /// An email address.
    public var email: String?
    /// A phone number.
    public var phone: String?

    /// A person with a name and handles.
    public init(displayName: String? = nil, email: String? = nil, phone: String? = nil) {
        self.displayName = displayName
        self.email = email
        self.phone = phone
    }
}

extension EntityIndex {
    /// The contact a person from another app is: a handle (email, phone) that
    /// a contact holds exactly resolves it; otherwise the display name is
    /// resolved among contacts and must fit well (`personMinimumScore`).
    /// - Parameter contactType: the type holding contacts, `messages.contact` by default.
    public func resolve(_ person: IntentPerson, contactType: EntityType = "messages.contact") throws -> Resolution {
        for (property, handle) in [("email", person.email), ("phone", person.phone)] {
            guard let handle, !handle.isEmpty else { continue }
            let matches = try resolve(SearchQuery(handle, types: [contactType], property: property, limit: 5))
            let exact = matches.results.filter { $0.matched.contains(property) }
            if !exact.isEmpty {
                return Resolution(ranked: exact.map { SearchResult(identifier: $0.identifier, score: 1, title: $0.title,
                                                                    subtitle: $0.subtitle, matched: [property]) })
            }
        }
        guard let name = person.displayName, !name.isEmpty else { return Resolution(ranked: []) }
        let byName = try resolve(SearchQuery(name, types: [contactType], limit: 5))
        let strong = byName.results.filter { $0.score >= Self.personMinimumScore && !$0.matched.isEmpty }
        return Resolution(ranked: strong)
    }

    /// How well a display name must fit a contact's name to resolve a person.
    public static let personMinimumScore = 0.6
}
