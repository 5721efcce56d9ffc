/// The decoders of the grammar search: the search itself, the phone loop that gives its
/// readings a confidence, and the aligner of readings one confusable number apart. With an n-gram first pass
/// they are loaded on the first utterance that pass cannot read (`UtteranceDecoder`): the
/// grammar search over the whole VoiceLog grammar takes about 250 MB and a quarter of a second.
final class GrammarDecoders {
    let grammar: PocketSphinxDecoder
    let phoneLoop: PocketSphinxDecoder?
    let variants: ConfusableVariants?

    init(grammar: PocketSphinxDecoder, phoneLoop: PocketSphinxDecoder?, variants: ConfusableVariants?) {
        self.grammar = grammar
        self.phoneLoop = phoneLoop
        self.variants = variants
    }
}
