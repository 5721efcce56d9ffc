/// The classes of words the matcher asks about at every token ("may free text end here?"),
/// worked out once per grammar word so that a token is looked up by its id, not hashed again.
struct WordClass: OptionSet, Sendable {
    let rawValue: UInt32

    /// Skipped between the parts of an entry ("and", "of", "the").
    static let glue = WordClass(rawValue: 1 << 0)
    /// Glue that joins entries ("and", "then").
    static let entryBreak = WordClass(rawValue: 1 << 1)
    /// Never part of free text: a negation, a word that names a kind, a correction.
    static let notInText = WordClass(rawValue: 1 << 2)
    /// Free text does not start with it ("before", "she").
    static let textOpener = WordClass(rawValue: 1 << 3)
    /// A number after it is part of a name ("room 12").
    static let numberedPlace = WordClass(rawValue: 1 << 4)
    /// Makes a duration before it an age ("6 weeks old").
    static let age = WordClass(rawValue: 1 << 5)
    /// Starts a count or a number though it is none alone: "a", "half", "oh", "minus", "all".
    static let countOpener = WordClass(rawValue: 1 << 6)
    /// Says an entry happened once more ("another", "again"): it starts an entry far more often
    /// than it sits inside one.
    static let repeatWord = WordClass(rawValue: 1 << 7)
    /// Names nothing alone ("all", "really", "time"): free text of only such words and glue is
    /// no name ("finished it all" ate no food called "it all").
    static let empty = WordClass(rawValue: 1 << 8)
    /// Free text does not start right after it ("had to sit up" ate nothing).
    static let textBlocker = WordClass(rawValue: 1 << 9)
    /// Free text does not start after it and a comma ("before his lunch, bang on the line").
    static let closesClause = WordClass(rawValue: 1 << 10)
    /// Says a state ("was", "is"): after a comma, a number after it is no dose or feed, and no
    /// number after it is another dose of what was given ("gave 2u novo at 2am, he was 15.1").
    static let state = WordClass(rawValue: 1 << 11)
    /// Stands for a thing after a word that describes it ("one" of "a bad one").
    static let pronoun = WordClass(rawValue: 1 << 12)
    /// A verb that introduces entries of several kinds ("had", "took").
    static let sharedVerb = WordClass(rawValue: 1 << 13)
    /// A given name ("Liam"): glue, but free text may end with it ("with Dr Ahmed").
    static let givenName = WordClass(rawValue: 1 << 14)
    /// Says a reading went back to a value (`return_words`): skipped at no cost, so that the
    /// value after it is the kind before's ("sats 86, back to 94").
    static let returnWord = WordClass(rawValue: 1 << 15)
    /// Says a value moved (`changes`: "down", "lost"): the value after it is a change, not
    /// another reading ("weight 62.1 kg, down half a kilo").
    static let change = WordClass(rawValue: 1 << 16)
    /// Says when a reading was taken (`circumstances`: "after", "while"): an entry that lacks a
    /// value, right after one that follows an entry, is that reading's circumstance ("heart
    /// rate 102 after climbing the hill").
    static let circumstance = WordClass(rawValue: 1 << 17)
    /// Counts the entry before (`multipliers`: "x2"): no entry starts with the number after it.
    static let multiplier = WordClass(rawValue: 1 << 18)
    /// Takes back what was said (`Grammar.takingBackWords`: "sorry", "no", "actually").
    static let takingBack = WordClass(rawValue: 1 << 19)
    /// A verb that says a value moved (`change_verbs`: "gained", "lost"): no entry starts with
    /// the number right after it.
    static let changeVerb = WordClass(rawValue: 1 << 20)
    /// Starts a second thing named after "and" (`second_things`: "a", "some"): free text that
    /// runs over that "and" costs more ("a ham sandwich and a yoghurt" is two foods).
    static let secondThing = WordClass(rawValue: 1 << 21)
    /// A unit that a count of a smaller one may follow without its name (a compound group's:
    /// "stone" of "12 stone 6"): no entry starts with such a count right after it.
    static let largerUnit = WordClass(rawValue: 1 << 22)
    /// Starts a phrase of `requests` ("shopping" of "shopping list"), so that only a line that
    /// holds one is looked through for the phrase.
    static let requestStart = WordClass(rawValue: 1 << 23)

    /// Glue that free text does not end with: not a given name.
    var isGlueInText: Bool { contains(.glue) && !contains(.givenName) }
}
