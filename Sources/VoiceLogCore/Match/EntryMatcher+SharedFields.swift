/// A field said once at the end of a list of entries of one kind: "200 g chicken and 150 g rice
/// for dinner" is two foods at dinner.
extension EntryMatcher {
    /// The matches, with the fields of `shared_at_end` (a meal) that the last entry's words end
    /// the sentence with given to each entry of its kind straight before it, with only glue (and
    /// commas) between, that says none of them and no time of its own.
    func sharingEndFields(_ matches: [EntryMatch], _ context: MatchContext) -> [EntryMatch] {
        guard matches.count > 1, let last = matches.last, !sharedAtEnd.isEmpty else { return matches }
        let end = context.endBeforeGlue
        let isShared = { (field: String) in self.sharedAtEnd.contains(Captures.plain(field)) }
        guard last.end == end, last.captures.values.contains(where: { isShared($0.field) }),
              let closing = closingPart(of: last, context, where: isShared) else { return matches }
        var shared = matches
        var index = matches.count - 2
        while index >= 0, matches[index].kindIndex == last.kindIndex,
              (matches[index].end..<matches[index + 1].start).allSatisfy({ context.classes[$0].contains(.glue) }) {
            let captures = matches[index].captures
            if !captures.values.contains(where: { isShared($0.field) || Self.isTime($0.field) }),
               let merged = captures.merging(closing) {
                shared[index].captures = merged
            }
            index -= 1
        }
        return shared
    }

    /// The part that ends `match` at its last token, when it captures only fields that
    /// `isShared` accepts.
    private func closingPart(of match: EntryMatch, _ context: MatchContext, where isShared: (String) -> Bool) -> Captures? {
        for start in (match.start + 1)..<match.end {
            if let part = matches(kindIndex: match.kindIndex, context, at: start, introduction: .excluded)
                .first(where: { $0.end == match.end }),
               !part.captures.values.isEmpty, part.captures.values.allSatisfy({ isShared($0.field) }) {
                return part.captures
            }
        }
        return nil
    }
}
