import Foundation
import VoiceLogCore

/// A small time chart drawn as inline SVG: series of points over time, an optional band
/// (a target range), axes with day and value ticks. Points are `<circle>`s with a class per
/// series, so a page can be checked for one point per reading.
struct SVGChart {
    struct Series {
        var name: String
        var cssClass: String
        var points: [(time: LocalDateTime, value: Double, flagged: Bool)]
        var joined = true
    }

    var series: [Series]
    var unit: String
    var band: ClosedRange<Double>?
    var width = 700.0
    var height = 230.0
    private let margin = (left: 46.0, right: 12.0, top: 12.0, bottom: 28.0)

    init(series: [Series], unit: String, band: ClosedRange<Double>? = nil) {
        self.series = series
        self.unit = unit
        self.band = band
    }

    func svg(label: String) -> String {
        let all = series.flatMap(\.points)
        guard let first = all.map(\.time.secondsSinceEpoch).min(), let last = all.map(\.time.secondsSinceEpoch).max() else { return "" }
        // At least a day wide, so one reading is not drawn at an edge.
        let xRange = (Double(first) - 3600, max(Double(last) + 3600, Double(first) + 86_400))
        var values = all.map(\.value)
        if let band { values += [band.lowerBound, band.upperBound] }
        let yRange = Self.niceRange(values.min()!, values.max()!)
        let plot = (width: width - margin.left - margin.right, height: height - margin.top - margin.bottom)
        func x(_ time: LocalDateTime) -> Double {
            margin.left + (Double(time.secondsSinceEpoch) - xRange.0) / (xRange.1 - xRange.0) * plot.width
        }
        func y(_ value: Double) -> Double {
            margin.top + (1 - (value - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound)) * plot.height
        }
        var parts: [String] = []
        if let band {
            parts.append(#"<rect class="band" x="\#(f(margin.left))" y="\#(f(y(band.upperBound)))" width="\#(f(plot.width))" height="\#(f(y(band.lowerBound) - y(band.upperBound)))"/>"#)
        }
        for tick in Self.ticks(yRange) {
            parts.append(#"<line class="grid" x1="\#(f(margin.left))" x2="\#(f(width - margin.right))" y1="\#(f(y(tick)))" y2="\#(f(y(tick)))"/>"#)
            parts.append(#"<text class="tick" x="\#(f(margin.left - 6))" y="\#(f(y(tick) + 4))" text-anchor="end">\#(JSONValue.format(tick))</text>"#)
        }
        let days = Self.dayTicks(from: Int64(xRange.0), to: Int64(xRange.1))
        for day in days {
            let at = x(day)
            parts.append(#"<line class="grid" x1="\#(f(at))" x2="\#(f(at))" y1="\#(f(margin.top))" y2="\#(f(height - margin.bottom))"/>"#)
            let date = day.date
            parts.append(#"<text class="tick" x="\#(f(at))" y="\#(f(height - 10))" text-anchor="middle">\#(date.day)/\#(date.month)</text>"#)
        }
        for line in series {
            let sorted = line.points.sorted { $0.time < $1.time }
            if line.joined, sorted.count > 1 {
                let path = sorted.map { "\(f(x($0.time))),\(f(y($0.value)))" }.joined(separator: " ")
                parts.append(#"<polyline class="\#(line.cssClass)" points="\#(path)"/>"#)
            }
            for point in sorted {
                let flagged = point.flagged ? " flagged" : ""
                parts.append(#"<circle class="point \#(line.cssClass)\#(flagged)" cx="\#(f(x(point.time)))" cy="\#(f(y(point.value)))" r="\#(point.flagged ? 4.5 : 3)"><title>\#(HTML.escape(line.name)) \#(JSONValue.format(point.value)) \#(HTML.escape(unit)), \#(point.time.description.replacingOccurrences(of: "T", with: " "))</title></circle>"#)
            }
        }
        parts.append(#"<text class="unit" x="\#(f(margin.left + 6))" y="\#(f(margin.top + 12))">\#(HTML.escape(unit))</text>"#)
        return #"<svg class="chart" viewBox="0 0 \#(f(width)) \#(f(height))" role="img" aria-label="\#(HTML.escape(label))">"#
            + parts.joined() + "</svg>"
    }

    private func f(_ value: Double) -> String { JSONValue.format((value * 10).rounded() / 10) }

    /// A range around the values with round ends.
    static func niceRange(_ low: Double, _ high: Double) -> ClosedRange<Double> {
        let span = max(high - low, max(abs(high), 1) * 0.1)
        let step = niceStep(span / 4)
        return (floor(low / step) - (low == floor(low / step) * step ? 1 : 0)) * step ... (floor(high / step) + 1) * step
    }

    static func niceStep(_ rough: Double) -> Double {
        let power = pow10(floor(log10(rough)))
        for factor in [1.0, 2, 2.5, 5, 10] where factor * power >= rough { return factor * power }
        return 10 * power
    }

    static func ticks(_ range: ClosedRange<Double>) -> [Double] {
        let step = niceStep((range.upperBound - range.lowerBound) / 5)
        var ticks: [Double] = []
        var tick = (range.lowerBound / step).rounded(.up) * step
        while tick <= range.upperBound + step / 1000 {
            ticks.append(tick)
            tick += step
        }
        return ticks
    }

    /// Midnights in the range, at most about ten of them.
    static func dayTicks(from start: Int64, to end: Int64) -> [LocalDateTime] {
        let firstDay = (start + 86_399) / 86_400
        let lastDay = end / 86_400
        guard lastDay >= firstDay else { return [] }
        let every = max(1, (lastDay - firstDay + 1 + 9) / 10)
        return stride(from: firstDay, through: lastDay, by: Int(every)).map { LocalDateTime(secondsSinceEpoch: $0 * 86_400) }
    }
}

private func pow10(_ exponent: Double) -> Double { pow(10, exponent) }

/// Text made safe to put in HTML.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
