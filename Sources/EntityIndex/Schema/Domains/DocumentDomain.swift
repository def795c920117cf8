extension SchemaDomain {
    /// Plain text documents, as in standard text collections.
    public static let document = SchemaDomain(name: "document", types: [
        EntitySchema("document.document", summary: "a text document with an optional title",
                     title: "title", image: .systemName("doc.text"), spokenNames: ["document", "doc", "file"], properties: [
                         PropertySchema("title", .string, searchable: .title),
                         PropertySchema("text", .string, required: true),
                     ]),
    ])
}
