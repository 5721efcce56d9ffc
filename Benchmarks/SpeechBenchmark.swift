import Foundation
import VoiceLogCLI
import VoiceLogGrammars
import VoiceLogPipeline
import VoiceLogSpeech

/// Speech with the grammar compiled from `Grammars/`, on the fixtures of `AudioFixtures/`, with
/// each search (the n-gram pass, the grammar alone): decoder start-up, real-time factor, time
/// from the end of speech to the result in a stream, and peak memory; against Debian's
/// `pocketsphinx_continuous -infile` on the same files, with the same grammar or n-gram model,
/// dictionary and settings, in the same run; and the time to adapt to the
/// fixtures' speakers and to decode with the adaptation. The output is checked: the word error
/// rate must stay below 50 % (and not rise when adapted), and the stream must give a result
/// for every utterance.
///
/// Run with `swift run -c release voicelog-bench speech` from the repository.
enum SpeechBenchmark {
    struct Fixture {
        let file: URL
        let transcript: String
        let samples: [Int16]
    }

    /// What one search measured.
    struct Figures {
        var startUp: Duration
        var decoding: Duration
        var rate: WordErrorRate
        /// End of speech to result, sorted: with alternatives, and with the text alone.
        var latencies: [Double]
        var textOnlyLatencies: [Double]
    }

    /// - Parameter manifest: clips listed as `fixtures.tsv` lists them (FILE, `utterance`,
    ///   transcript; files beside the list), e.g. made by `Benchmarks/speech/flite_fixtures.sh`;
    ///   nil for the espeak-ng fixtures of `AudioFixtures/`.
    static func run(manifest: URL? = nil) throws {
        let fixtures = try loadFixtures(manifest: manifest)
        let audioSeconds = Double(fixtures.reduce(0) { $0 + $1.samples.count }) / 16_000
        // Start-up: the speech grammar compiled from `Grammars/` (with the dictionary read), then
        // the decoders loaded (the n-gram model from the cache, built there first if need be).
        let clock = ContinuousClock()
        var compiled: SpeechGrammar?
        let compiling = try clock.measure { compiled = try SpeechGrammar(grammar: BundledGrammar.grammar) }
        guard let speech = compiled else { throw BenchmarkError("no speech grammar") }
        _ = try speech.recognizer(search: .ngram)  // builds the n-gram model into the cache once

        var options = SpeechGrammar.tuned(RecognizerOptions())
        options.confidence = nil
        let ngram = try measure(.ngram, speech: speech, options: options, fixtures: fixtures, compiling: compiling)
        let ngramPeak = peakMemory(RUSAGE_SELF)
        let grammar = try measure(.grammar, speech: speech, options: options, fixtures: fixtures, compiling: compiling)
        let ownPeak = peakMemory(RUSAGE_SELF)

        // Debian's tool, one process a file, with the same grammar or n-gram model and words.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicelog-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let grammarFile = folder.appendingPathComponent("voicelog.jsgf")
        let dictionaryFile = folder.appendingPathComponent("voicelog.dict")
        try Data(speech.jsgf.utf8).write(to: grammarFile)
        try Data(speech.recognizer(options: options, search: .grammar).dictionary.text.utf8).write(to: dictionaryFile)
        let ngramOptions = try speech.recognizerOptions(options, search: .ngram)
        let baselines = try [
            ("-jsgf", grammarFile.path, options.searchArguments),
            ("-lm", ngramOptions.languageModel!.model.path, ngramOptions.languageModel!.searchArguments(topGaussians: options.topGaussians)),
        ].map { flag, file, arguments -> (Duration, WordErrorRate, Double) in
            var rate = WordErrorRate()
            let elapsed = try clock.measure {
                for fixture in fixtures {
                    let text = try continuous(fixture.file, search: [flag, file], dictionary: dictionaryFile, arguments: arguments)
                    rate.add(reference: fixture.transcript, hypothesis: text)
                }
            }
            return (elapsed, rate, peakMemory(RUSAGE_CHILDREN))
        }

        // Speaker adaptation to the fixtures' recordings, then decoding with the adapted model.
        let adaptedModel = folder.appendingPathComponent("speaker-model")
        let recordings = fixtures.map { SpeakerAdaptation.Recording(name: $0.file.lastPathComponent, samples: $0.samples, sentence: $0.transcript) }
        let adapting = try clock.measure {
            let outcome = try SpeakerAdaptation(pronunciations: speech.pronunciations).adapt(recordings, writingTo: adaptedModel)
            guard outcome.used == recordings.count else { throw BenchmarkError("adaptation left out \(outcome.leftOut)") }
        }
        let adaptedSpeech = try SpeechGrammar(grammar: BundledGrammar.grammar, model: .debianEnglish.adapted(with: adaptedModel))
        let (adaptedDecoding, adaptedRate) = try decodeAll(fixtures, with: try adaptedSpeech.recognizer(options: options))
        guard adaptedRate.rate <= ngram.rate.rate else { throw BenchmarkError("adapted WER \(adaptedRate.rate) is above the unadapted \(ngram.rate.rate)") }

        print("speech benchmark: \(fixtures.count) fixtures, \(String(format: "%.1f", audioSeconds)) s of audio, whole generated grammar, release build")
        for (name, figures, peak) in [("n-gram pass (default)", ngram, ngramPeak), ("grammar alone", grammar, ownPeak)] {
            print(String(format: "  voicelog, %@: start-up %.2f s (compiling the speech grammar %.2f s), real-time factor %.3f, WER %.1f %%, peak memory %.0f MB",
                         name, seconds(figures.startUp), seconds(compiling), seconds(figures.decoding) / audioSeconds, figures.rate.rate * 100, peak))
            print(String(format: "    stream: end of speech to result, median %.0f ms, slowest %.0f ms; text alone (no alternatives): median %.0f ms, slowest %.0f ms",
                         figures.latencies[figures.latencies.count / 2] * 1000, figures.latencies.last! * 1000,
                         figures.textOnlyLatencies[figures.textOnlyLatencies.count / 2] * 1000, figures.textOnlyLatencies.last! * 1000))
        }
        for ((elapsed, rate, peak), name) in zip(baselines, ["grammar (-jsgf)", "n-gram model (-lm)"]) {
            print(String(format: "  pocketsphinx_continuous, %@: %.2f s a file (start-up and decoding), WER %.1f %%, peak memory %.0f MB",
                         name, seconds(elapsed) / Double(fixtures.count), rate.rate * 100, peak))
        }
        print(String(format: "  voicelog adapt:          %.1f s to adapt to the %d fixtures; decoding with it (n-gram pass): real-time factor %.3f, WER %.1f %% (on the audio adapted to)",
                     seconds(adapting), fixtures.count, seconds(adaptedDecoding) / audioSeconds, adaptedRate.rate * 100))
    }

    /// Start-up, whole-utterance decoding and stream latency with one search.
    static func measure(_ search: SpeechSearch, speech: SpeechGrammar, options: RecognizerOptions, fixtures: [Fixture],
                        compiling: Duration) throws -> Figures {
        var figures = try measureFirst(search, speech: speech, options: options, fixtures: fixtures, compiling: compiling)
        // a recogniser of its own, made once the first is gone, so that neither the first
        // stream's state nor a second recogniser's memory is counted
        figures.textOnlyLatencies = try streamLatencies(fixtures, speech.recognizer(options: options, search: search),
                                                        search: search, alternatives: false)
        return figures
    }

    /// Start-up, whole-utterance decoding and stream latency with alternatives, with a
    /// recogniser released on return.
    private static func measureFirst(_ search: SpeechSearch, speech: SpeechGrammar, options: RecognizerOptions,
                                     fixtures: [Fixture], compiling: Duration) throws -> Figures {
        let clock = ContinuousClock()
        var recognizer: SpeechRecognizer?
        let startUp = try compiling + clock.measure { recognizer = try speech.recognizer(options: options, search: search) }
        guard let recognizer else { throw BenchmarkError("no recognizer") }

        let (decoding, rate) = try decodeAll(fixtures, with: recognizer)
        guard rate.rate < 0.5 else { throw BenchmarkError("\(search): word error rate \(rate.rate) is above 50 %") }
        return Figures(startUp: startUp, decoding: decoding, rate: rate,
                       latencies: try streamLatencies(fixtures, recognizer, search: search, alternatives: true),
                       textOnlyLatencies: [])
    }

    /// A stream: each fixture then a second of silence, fed in 64 ms chunks as a microphone
    /// would; each latency is the time spent in the chunk whose silence ends an utterance.
    /// Without `alternatives`, as a satellite that shows the text alone is answered.
    static func streamLatencies(_ fixtures: [Fixture], _ recognizer: SpeechRecognizer, search: SpeechSearch,
                                alternatives: Bool) throws -> [Double] {
        let clock = ContinuousClock()
        var latencies: [Double] = []
        let stream = try recognizer.makeStream()
        stream.alternatives = alternatives
        let silence = [Int16](repeating: 0, count: 16_000)
        for fixture in fixtures {
            let audio = fixture.samples + silence
            for start in stride(from: 0, to: audio.count, by: 1024) {
                let chunk = Array(audio[start..<min(start + 1024, audio.count)])
                var results: [Transcript] = []
                let elapsed = try clock.measure { results = try stream.feed(chunk) }
                if !results.isEmpty { latencies.append(seconds(elapsed)) }
            }
        }
        _ = try stream.finish()
        guard latencies.count >= fixtures.count else {
            throw BenchmarkError("\(search): the stream gave \(latencies.count) results for \(fixtures.count) utterances")
        }
        return latencies.sorted()
    }

    /// Decodes each fixture as a whole utterance, one after another: the time taken and the
    /// word error rate.
    static func decodeAll(_ fixtures: [Fixture], with recognizer: SpeechRecognizer) throws -> (Duration, WordErrorRate) {
        var rate = WordErrorRate()
        let elapsed = try ContinuousClock().measure {
            for fixture in fixtures {
                rate.add(reference: fixture.transcript, hypothesis: try recognizer.recognize(fixture.samples).text)
            }
        }
        return (elapsed, rate)
    }

    /// The utterance fixtures of `AudioFixtures/fixtures.tsv` in their original format.
    static func loadFixtures(manifest list: URL?) throws -> [Fixture] {
        let list = list ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("AudioFixtures").appendingPathComponent("fixtures.tsv")
        let folder = list.deletingLastPathComponent()
        guard let manifest = try? String(contentsOf: list, encoding: .utf8) else {
            throw BenchmarkError("\(list.path) not found (run from the repository, or give a list of clips)")
        }
        return try manifest.split(separator: "\n").compactMap { line -> Fixture? in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 3, columns[1] == "utterance", columns[0].split(separator: "-").count == 2 else { return nil }
            let file = folder.appendingPathComponent(columns[0])
            return Fixture(file: file, transcript: columns[2], samples: try WAVReader.read(contentsOf: file).speechSamples())
        }
    }

    /// Runs `pocketsphinx_continuous -infile` on one file with a search (`-jsgf FILE` or
    /// `-lm FILE`) and returns what it heard.
    static func continuous(_ file: URL, search: [String], dictionary: URL, arguments: [(String, String)]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pocketsphinx_continuous")
        process.arguments = [
            "-infile", file.path, "-dict", dictionary.path, "-logfn", "/dev/null",
            "-hmm", SpeechModel.debianEnglish.acousticModel.path,
        ] + search + arguments.filter { $0.0 != "-lm" }.flatMap { [$0.0, $0.1] }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("pocketsphinx_continuous failed on \(file.lastPathComponent)") }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Peak resident memory in MB of this process or of its largest finished child.
    static func peakMemory(_ who: __rusage_who) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(who.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
