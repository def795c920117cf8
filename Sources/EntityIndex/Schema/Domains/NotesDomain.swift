extension SchemaDomain {
    /// Notes.
    public static let notes = SchemaDomain(name: "notes", types: [
        EntitySchema("notes.note", summary: "a note with a title, text and tags",
                     title: "title", subtitle: ["modifiedAt"], image: .systemName("note.text"), properties: [
                         PropertySchema("title", .string, required: true, searchable: .title),
                         PropertySchema("body", .string),
                         PropertySchema("tags", .array(.string), searchable: .keywords),
                         PropertySchema("modifiedAt", .date),
                     ]),
    ])
}
