/// The grammar each request is read with: the main vocabulary's, or a
/// variant's (`RequestVocabulary.variants`) when the request says at least
/// `variantEvidence` of the words only that variant's table brings ("wann kam
/// der Kostenvoranschlag": German).
struct RequestGrammars: Sendable {
    /// The grammar of the main vocabulary.
    let main: RequestGrammar
    /// Each variant's grammar, with the words only its table brings (its type and property words too).
    private let variants: [(ownWords: Set<String>, grammar: RequestGrammar)]
    /// The fewest of a variant's own words that make a request its language.
    static let variantEvidence = 2

    init(vocabulary: RequestVocabulary, schemas: SchemaRegistry) throws {
        main = try RequestGrammar(vocabulary: vocabulary, schemas: schemas)
        let main = main
        variants = try vocabulary.variants.map { variant in
            let grammar = try RequestGrammar(vocabulary: variant, schemas: schemas, variantOf: main)
            return (grammar.words.subtracting(main.words), grammar)
        }
    }

    /// The grammar to read a request with.
    func grammar(for text: String) -> RequestGrammar {
        guard !variants.isEmpty, let words = try? normalizedWords(in: text) else { return main }
        let best = variants.map { variant in (words.filter(variant.ownWords.contains).count, variant.grammar) }.max { $0.0 < $1.0 }
        guard let best, best.0 >= Self.variantEvidence else { return main }
        return best.1
    }
}
