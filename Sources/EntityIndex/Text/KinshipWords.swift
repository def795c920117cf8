import Foundation

/// Words for family members across languages (`Resources/names/kinship.json`):
/// a contact is often named by what the speaker calls them, so "mum" may be
/// the contact whose nickname is 妈妈, and "abuela" the one called Oma.
enum KinshipWords {
    /// For each folded word, the other words of its relation.
    static let relatives: [String: [String]] = {
        guard let url = Bundle.module.url(forResource: "kinship", withExtension: "json", subdirectory: "Resources/names"),
              let data = try? Data(contentsOf: url), let table = try? JSONDecoder().decode(Table.self, from: data)
        else { preconditionFailure("Resources/names/kinship.json is missing or malformed: the package was built without it") }
        var relatives: [String: [String]] = [:]
        for group in table.groups.values {
            // A word that folds to more than one ("grand-mère") is no single name word.
            let words = group.compactMap { word in (try? normalizedWords(in: word)).flatMap { $0.count == 1 ? $0[0] : nil } }
            for word in words { relatives[word, default: []] += words.filter { $0 != word } }
        }
        return relatives.mapValues { Array(Set($0)).sorted() }
    }()

    private struct Table: Decodable {
        let groups: [String: [String]]
    }
}
