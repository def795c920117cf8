extension SchemaDomain {
    /// Mailboxes and the mail in them.
    public static let mail = SchemaDomain(name: "mail", types: [
        EntitySchema("mail.mailbox", summary: "a mailbox of an account",
                     title: "name", subtitle: ["account"], image: .systemName("tray"), spokenNames: ["mailbox", "folder"], properties: [
                         PropertySchema("name", .string, required: true, searchable: .title),
                         PropertySchema("account", .string, searchable: .identifier),
                     ]),
        EntitySchema("mail.message", summary: "an email",
                     title: "subject", subtitle: ["from", "sentAt"], image: .systemName("envelope"), spokenNames: ["email", "mail", "message"], properties: [
                         PropertySchema("subject", .string, required: true, searchable: .title),
                         PropertySchema("body", .string),
                         PropertySchema("from", .string, searchable: .identifier),
                         PropertySchema("to", .array(.string), searchable: .identifier),
                         PropertySchema("cc", .array(.string), searchable: .identifier),
                         PropertySchema("mailbox", .reference("mail.mailbox")),
                         PropertySchema("sentAt", .date),
                         PropertySchema("isRead", .bool),
                     ]),
    ])
}
