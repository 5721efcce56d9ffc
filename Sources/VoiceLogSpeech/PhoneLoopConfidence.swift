import Foundation

/// Confidence from a second pass over the same audio with an unconstrained phone loop.
///
/// The phone loop can follow any sound, so its acoustic score is an upper bound of what
/// speech of any content could reach. When the speech is in the grammar, the grammar path
/// scores close to it; when it is not, the grammar path must force wrong words onto the
/// audio and falls far behind. The margin per frame of speech, (grammar score − phone-loop
/// score) / speech frames, is mapped to 0…1 by a logistic curve.
///
/// Measured on this package's fixtures: in-grammar synthetic and human speech had margins
/// from −18 to +18, out-of-grammar speech from −51 to −31 (see `AudioFixtures/README.md`).
public struct PhoneLoopConfidence: Sendable, Equatable {
    /// Pruning beam of the phone loop. 1e-10 costs about 0.2 × real time; 1e-5 about 0.07 ×
    /// but narrows the gap between in- and out-of-grammar margins.
    public var beam: Double = 1e-10
    /// The margin that maps to confidence 0.5.
    public var midpoint: Double = -20
    /// Margin units per step of the logistic curve (margin midpoint + scale gives 0.73).
    public var scale: Double = 3

    public init(beam: Double = 1e-10, midpoint: Double = -20, scale: Double = 3) {
        self.beam = beam
        self.midpoint = midpoint
        self.scale = scale
    }

    /// Confidence in 0…1 for a margin per speech frame.
    public func confidence(margin: Double) -> Double {
        1 / (1 + exp(-(margin - midpoint) / scale))
    }
}
