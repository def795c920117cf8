extension SchemaDomain {
    /// Whether an asset is a still, a live photo or a video.
    public static let mediaType = ValueKind.enumeration(name: "mediaType", cases: ["photo", "livePhoto", "video"])

    /// Photos, videos and albums.
    public static let photos = SchemaDomain(name: "photos", types: [
        EntitySchema("photos.album", summary: "an album of photos and videos",
                     title: "title", image: .systemName("rectangle.stack"), properties: [
                         PropertySchema("title", .string, required: true, searchable: .title),
                     ]),
        EntitySchema("photos.asset", summary: "a photo or video",
                     title: "title", subtitle: ["creationDate", "location"], image: .systemName("photo"),
                     spokenNames: ["photo", "picture", "pic", "video", "shot", "image"], properties: [
                         PropertySchema("title", .string, searchable: .title),
                         PropertySchema("caption", .string),
                         PropertySchema("creationDate", .date, required: true),
                         PropertySchema("location", .oneOf([.place, .string]),
                                        words: PropertyWords(names: ["location", "place"], cues: ["at", "in"])),
                         PropertySchema("albums", .array(.reference("photos.album")), words: .cues("in")),
                         PropertySchema("people", .array(.reference("messages.contact")), words: .cues("with", "of")),
                         PropertySchema("sharedBy", .reference("messages.contact"), words: .cues("from", "by", "shared by")),
                         PropertySchema("keywords", .array(.string), searchable: .keywords, words: .cues("tagged")),
                         PropertySchema("mediaType", mediaType, searchable: .keywords),
                         PropertySchema("isFavorite", .bool,
                                        words: PropertyWords(whenTrue: ["favorite", "favourite", "starred", "loved"])),
                     ]),
    ])
}
