/// The grammar each request is read with: the main vocabulary's, or a
/// variant's (`RequestVocabulary.variants`) when the request says at least
/// `variantEvidence` of the words only that variant's table brings ("wann kam
/// der Kostenvoranschlag": German; a compound ending in one of its nouns counts), or begins (or, where the
/// variant says so, ends) with a command only that variant knows ("ruf Mama an", "Mama anrufen").
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
        // A compound that ends in a noun only a variant brings is its word too ("Kletterkalender").
        func isOwn(_ word: String, of variant: (ownWords: Set<String>, grammar: RequestGrammar)) -> Bool {
            variant.ownWords.contains(word) || variant.grammar.splitAtTypeNoun(word).map { variant.ownWords.contains($0.noun) } == true
        }
        let best = variants.map { variant in (words.filter { isOwn($0, of: variant) }.count, variant.grammar) }.max { $0.0 < $1.0 }
        if let best, best.0 >= Self.variantEvidence { return best.1 }
        // A request with fewer has its command: "ruf Mama an", "Ruf Tobis Mutter an", or last where a language says
        // it so ("Mama anrufen") — unless another language's table brings the word too ("Termine": German events,
        // no French "termine").
        guard let first = words.first, let last = words.last else { return main }
        for (word, isLast) in [(first, false), (last, true)] {
            let owners = variants.filter { $0.ownWords.contains(word) }
            guard owners.count == 1, let owner = owners.first else { continue }
            let commands = owner.grammar.vocabulary.commands
            let saysCommand = isLast ? owner.grammar.vocabulary.commandsLast && commands.match(in: words, at: words.count - 1)?.length == 1
                : commands.contains(in: words, at: 0)
            if saysCommand { return owner.grammar }
        }
        return main
    }
}
