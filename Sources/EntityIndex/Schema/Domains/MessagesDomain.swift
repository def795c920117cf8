extension SchemaDomain {
    /// Contacts, conversations and the messages in them.
    public static let messages = SchemaDomain(name: "messages", types: [
        EntitySchema("messages.contact", summary: "a person one can message",
                     title: "name", subtitle: ["email"], image: .systemName("person.crop.circle"), spokenNames: ["contact", "person"], properties: [
                         PropertySchema("name", .string, required: true, searchable: .title),
                         PropertySchema("email", .string, searchable: .identifier),
                         PropertySchema("phone", .string, searchable: .identifier),
                         PropertySchema("nickname", .string, searchable: .title),
                     ]),
        EntitySchema("messages.conversation", summary: "a chat between contacts",
                     title: "title", image: .systemName("bubble.left.and.bubble.right"), spokenNames: ["conversation", "chat", "thread"], properties: [
                         PropertySchema("title", .string, searchable: .title),
                         PropertySchema("participants", .array(.reference("messages.contact"))),
                     ]),
        EntitySchema("messages.message", summary: "a message in a conversation",
                     title: "body", subtitle: ["sentAt"], image: .systemName("message"), spokenNames: ["message", "text"], properties: [
                         PropertySchema("body", .string, required: true),
                         PropertySchema("sender", .reference("messages.contact")),
                         PropertySchema("conversation", .reference("messages.conversation")),
                         PropertySchema("sentAt", .date),
                     ]),
    ])
}
