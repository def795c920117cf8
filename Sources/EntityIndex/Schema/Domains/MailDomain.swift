extension SchemaDomain {
    /// Mailboxes and the mail in them.
    public static let mail = SchemaDomain(name: "mail", types: [
        EntitySchema("mail.mailbox", summary: "a mailbox of an account",
                     title: "name", subtitle: ["account"], image: .systemName("tray"), spokenNames: ["mailbox", "folder"], properties: [
                         PropertySchema("name", .string, required: true, searchable: .title),
                         PropertySchema("account", .string, searchable: .identifier, identifiesOwner: true),
                     ]),
        EntitySchema("mail.message", summary: "an email",
                     title: "subject", subtitle: ["from", "sentAt"], image: .systemName("envelope"),
                     spokenNames: ["email", "mail", "message", "e-mail"], properties: [
                         PropertySchema("subject", .string, required: true, searchable: .title),
                         PropertySchema("body", .string),
                         PropertySchema("from", .string, searchable: .identifier, words: .cues("from", "by", "sent by")),
                         PropertySchema("to", .array(.string), searchable: .identifier, words: .cues("to", "sent to")),
                         PropertySchema("cc", .array(.string), searchable: .identifier, words: .cues("cc", "copied to")),
                         PropertySchema("mailbox", .reference("mail.mailbox"), words: .cues("in", "on")),
                         PropertySchema("sentAt", .date),
                         PropertySchema("language", .language),
                         PropertySchema("isRead", .bool, words: PropertyWords(whenTrue: ["read", "seen", "opened"], whenFalse: ["unread", "new", "unseen", "unopened"])),
                         PropertySchema("isFlagged", .bool,
                                        words: PropertyWords(whenTrue: ["flagged", "flag", "starred", "important"], whenFalse: ["unflagged", "unstarred"])),
                     ]),
    ])
}
