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
                     title: "title", subtitle: ["creationDate", "location"], image: .systemName("photo"), spokenNames: ["photo", "picture", "video"], properties: [
                         PropertySchema("title", .string, searchable: .title),
                         PropertySchema("caption", .string),
                         PropertySchema("creationDate", .date, required: true),
                         PropertySchema("location", .oneOf([.place, .string])),
                         PropertySchema("albums", .array(.reference("photos.album"))),
                         PropertySchema("keywords", .array(.string), searchable: .keywords),
                         PropertySchema("mediaType", mediaType, searchable: .keywords),
                         PropertySchema("isFavorite", .bool),
                     ]),
    ])
}
