import Testing
@testable import VoiceLogCore

@Suite struct TokenizerTests {
    @Test(arguments: [
        ("Glucose 6,2 mmol/L.", ["glucose", "6.2", "mmol/l"]),
        ("fed 120ml formula", ["fed", "120", "ml", "formula"]),
        ("bp 142/91", ["bp", "142", "/", "91"]),
        ("at 7:30 p.m.", ["at", "7", ":", "30", "pm"]),
        ("1,000 mg", ["1000", "mg"]),
        ("-5°C", ["-5", "°", "c"]),
        ("SpO2 96%", ["spo2", "96", "%"]),
        ("forty-five minutes", ["forty", "five", "minutes"]),
        ("Dr. Patel's o'clock", ["dr", "patel's", "o'clock"]),
        ("bolus 4u @8", ["bolus", "4", "u", "at", "8"]),
        ("bg6.3 bp120/80 spo2 98", ["bg", "6.3", "bp", "120", "/", "80", "spo2", "98"]),
        ("tea n toast & jam", ["tea", "and", "toast", "and", "jam"]),
        // an hour written with its zero is a 24-hour clock: the morning
        ("at 07:15", ["at", "07", ":", "15", "am"]),
        ("at 07.15", ["at", "07", ":", "15", "am"]),
        ("at 07:15 pm", ["at", "07", ":", "15", "pm"]),
        ("at 7:15", ["at", "7", ":", "15"]),
        ("at 07:15 a bottle", ["at", "07", ":", "15", "am", "a", "bottle"]),
        // four digits before the day they were on are a clock; before anything else, a number
        ("lantus 14u 2200 yday", ["lantus", "14", "u", "22", ":", "00", "yday"]),
        ("850mg 1900 last night", ["850", "mg", "19", ":", "00", "last", "night"]),
        ("1900 last week", ["1900", "last", "week"]),
        ("kcal 1800 today", ["kcal", "1800", "today"]),
    ])
    func tokens(input: String, expected: [String]) {
        #expect(Tokenizer.tokens(of: input).map(\.text) == expected)
    }
}
