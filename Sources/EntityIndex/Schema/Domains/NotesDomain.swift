extension SchemaDomain {
    /// Notes.
    public static let notes = SchemaDomain(name: "notes", types: [
        EntitySchema("notes.note", summary: "a note with a title, text and tags",
                     title: "title", subtitle: ["modifiedAt"], image: .systemName("note.text"),
                     spokenNames: ["note", "memo"], properties: [
                         PropertySchema("title", .string, required: true, searchable: .title),
                         PropertySchema("body", .string),
                         PropertySchema("tags", .array(.string), searchable: .keywords,
                                        words: PropertyWords(names: ["tags", "labels"],
                                                             cues: ["tagged", "tagged with", "labelled", "labeled", "with the tag"])),
                         PropertySchema("modifiedAt", .date),
                         PropertySchema("language", .language),
                         PropertySchema("isPinned", .bool, words: PropertyWords(whenTrue: ["pinned"], whenFalse: ["unpinned"])),
                     ]),
    ])
}
