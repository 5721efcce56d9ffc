import Foundation

/// The acoustic model in the form SphinxTrain's `bw` reads: the model definition as text and
/// the mixture weights unquantised. PocketSphinx's models ship a compact `sendump` instead of
/// `mixture_weights`; its weights are expanded here.
struct TrainingModel {
    let model: SpeechModel
    let modelDefinition: URL
    let mixtureWeights: URL
    /// `feat.params` of the model: `-feat`, `-svspec`, `-model`…
    let featureParameters: [String: String]

    /// Writes the text model definition and the mixture weights into `folder`.
    init(model: SpeechModel, tools: SphinxTrainTools, folder: URL) throws {
        self.model = model
        let files = model.acousticModel
        modelDefinition = folder.appendingPathComponent("mdef.txt")
        try tools.run(tools.modelDefinitionConverter, ["-text", files.appendingPathComponent("mdef").path, modelDefinition.path])
        let shipped = files.appendingPathComponent("mixture_weights")
        if FileManager.default.fileExists(atPath: shipped.path) {
            mixtureWeights = shipped
        } else {
            mixtureWeights = folder.appendingPathComponent("mixture_weights")
            let weights = try QuantisedMixtureWeights(contentsOf: files.appendingPathComponent("sendump"))
            try weights.sphinxTrainFile().write(to: mixtureWeights)
        }
        let parameters = (try? String(contentsOf: files.appendingPathComponent("feat.params"), encoding: .utf8)) ?? ""
        var pairs: [String: String] = [:]
        for line in parameters.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { pairs[parts[0]] = parts[1] }
        }
        featureParameters = pairs
    }

    /// The model's files as `bw` and `map_adapt` name them, and how senones share Gaussians.
    var parameterArguments: [String] {
        let files = model.acousticModel
        // Phonetically tied (ptm) and semi-continuous models share codebooks; others do not.
        let sharing = ["ptm": ".ptm.", "semi": ".semi."][featureParameters["-model"] ?? ""] ?? ".cont."
        return [
            "-moddeffn", modelDefinition.path, "-ts2cbfn", sharing,
            "-meanfn", files.appendingPathComponent("means").path,
            "-varfn", files.appendingPathComponent("variances").path,
            "-mixwfn", mixtureWeights.path,
            "-tmatfn", files.appendingPathComponent("transition_matrices").path,
        ]
    }

    /// `bw`'s arguments for the model: its files and its features.
    var countingArguments: [String] {
        var arguments = parameterArguments + ["-feat", featureParameters["-feat"] ?? "1s_c_d_dd", "-cmn", "current", "-agc", "none"]
        if let split = featureParameters["-svspec"] { arguments += ["-svspec", split] }
        return arguments
    }
}
