/// A field said once at the end of a list of entries: "200 g chicken and 150 g rice for dinner"
/// is two foods at dinner, and so is the food of "2 crumpets and a cup of tea for breakfast".
extension EntryMatcher {
    /// The matches, with the fields of `shared_at_end` (a meal) that the last entry's words end
    /// the sentence with given to each entry straight before it, with only glue (and commas)
    /// between, whose kind reads those words as a part holding them, back to one that says one
    /// of them or a time of its own.
    func sharingEndFields(_ matches: [EntryMatch], _ context: MatchContext) -> [EntryMatch] {
        guard matches.count > 1, let last = matches.last, !sharedAtEnd.isEmpty, last.end == context.endBeforeGlue
        else { return matches }
        let isShared = { (field: String) in self.sharedAtEnd.contains(Captures.plain(field)) }
        var shared = matches
        var index = matches.count - 2
        while index >= 0,
              (matches[index].end..<matches[index + 1].start).allSatisfy({ context.classes[$0].contains(.glue) }) {
            // one with its own meal or time ends the list
            let captures = matches[index].captures
            if captures.values.contains(where: { isShared($0.field) || Self.isTime($0.field) }) { break }
            if let closing = closingPart(of: last, as: matches[index].kindIndex, context, where: isShared),
               let merged = captures.merging(closing) {
                shared[index].captures = merged
            }
            index -= 1
        }
        return shared
    }

    /// The part of kind number `kindIndex` that ends `match` at its last token, when it
    /// captures only fields that `isShared` accepts.
    private func closingPart(of match: EntryMatch, as kindIndex: Int, _ context: MatchContext,
                             where isShared: (String) -> Bool) -> Captures? {
        for start in (match.start + 1)..<match.end {
            if let part = matches(kindIndex: kindIndex, context, at: start, introduction: .excluded)
                .first(where: { $0.end == match.end }),
               !part.captures.values.isEmpty, part.captures.values.allSatisfy({ isShared($0.field) }) {
                return part.captures
            }
        }
        return nil
    }
}
