import Foundation

/// Changes the sample rate of mono audio with a windowed-sinc low-pass filter (Blackman
/// window, 16 zero crossings each side), so downsampling does not fold high frequencies
/// into the speech band.
public struct Resampler: Sendable {
    public let inputRate: Int
    public let outputRate: Int
    /// Cut-off as a fraction of the lower rate's Nyquist frequency.
    private let cutoff: Double
    /// Half the filter's length, in input samples.
    private let halfWidth: Double
    /// The filter sampled every 1/`tableResolution` input sample from 0 to `halfWidth`.
    private let table: [Float]
    private static let tableResolution = 256.0
    private static let zeroCrossings = 16.0

    public init(from inputRate: Int, to outputRate: Int) {
        precondition(inputRate > 0 && outputRate > 0, "sample rates must be positive")
        self.inputRate = inputRate
        self.outputRate = outputRate
        cutoff = min(1, Double(outputRate) / Double(inputRate)) * 0.95
        halfWidth = Self.zeroCrossings / cutoff
        let cutoff = cutoff, halfWidth = halfWidth
        let count = Int(halfWidth * Self.tableResolution) + 2
        table = (0..<count).map { index in
            let t = Double(index) / Self.tableResolution
            guard t < halfWidth else { return 0 }
            let x = Double.pi * cutoff * t
            let sinc = t == 0 ? 1 : sin(x) / x
            let phase = Double.pi * (t / halfWidth + 1)  // window centred on t = 0
            let window = 0.42 - 0.5 * cos(phase) + 0.08 * cos(2 * phase)
            return Float(cutoff * sinc * window)
        }
    }

    /// The filter's value `t` input samples from its centre, interpolated from the table.
    private func kernel(_ t: Double) -> Float {
        let position = abs(t) * Self.tableResolution
        let index = Int(position)
        guard index + 1 < table.count else { return 0 }
        let fraction = Float(position - Double(index))
        return table[index] + (table[index + 1] - table[index]) * fraction
    }

    /// Resamples `input`; returns it unchanged when the rates are equal.
    public func resample(_ input: [Float]) -> [Float] {
        guard inputRate != outputRate, !input.isEmpty else { return input }
        let step = Double(inputRate) / Double(outputRate)
        let outputCount = Int((Double(input.count) / step).rounded())
        return input.withUnsafeBufferPointer { x in
            (0..<outputCount).map { n in
                let centre = Double(n) * step
                let first = max(0, Int((centre - halfWidth).rounded(.up)))
                let last = min(x.count - 1, Int((centre + halfWidth).rounded(.down)))
                guard first <= last else { return 0 }
                var sum: Float = 0
                for k in first...last { sum += x[k] * kernel(centre - Double(k)) }
                return sum
            }
        }
    }
}
