extension SchemaDomain {
    /// Contacts, conversations and the messages in them.
    public static let messages = SchemaDomain(name: "messages", types: [
        EntitySchema("messages.contact", summary: "a person one can message",
                     title: "name", subtitle: ["email"], image: .systemName("person.crop.circle"),
                     spokenNames: ["contact", "person"], person: true, properties: [
                         PropertySchema("name", .string, required: true, searchable: .title),
                         PropertySchema("email", .string, searchable: .identifier,
                                        words: PropertyWords(names: ["email", "email address", "mail address", "address"])),
                         PropertySchema("phone", .string, searchable: .identifier,
                                        words: PropertyWords(names: ["phone", "phone number", "number", "mobile", "cell"])),
                         PropertySchema("nickname", .string, searchable: .title),
                         PropertySchema("organization", .string,
                                        words: PropertyWords(names: ["organization", "organisation", "company", "employer"],
                                                             cues: ["at", "from", "works at", "work at", "works for", "work for"])),
                     ]),
        EntitySchema("messages.conversation", summary: "a chat between contacts",
                     title: "title", image: .systemName("bubble.left.and.bubble.right"),
                     spokenNames: ["conversation", "chat", "thread", "group chat"], group: true, properties: [
                         PropertySchema("title", .string, searchable: .title),
                         PropertySchema("participants", .array(.reference("messages.contact")),
                                        words: PropertyWords(names: ["participants", "members"], cues: ["with"])),
                     ]),
        EntitySchema("messages.message", summary: "a message in a conversation",
                     title: "body", subtitle: ["sentAt"], image: .systemName("message"),
                     spokenNames: ["message", "text", "sms", "imessage", "msg"], properties: [
                         PropertySchema("body", .string, required: true),
                         PropertySchema("sender", .reference("messages.contact"), words: .cues("from", "by", "sent by")),
                         PropertySchema("conversation", .reference("messages.conversation"), words: .cues("in")),
                         PropertySchema("sentAt", .date),
                         PropertySchema("language", .language),
                         PropertySchema("isRead", .bool, words: PropertyWords(whenTrue: ["read", "seen", "opened"], whenFalse: ["unread", "new", "unseen", "unopened"])),
                     ]),
    ])
}
