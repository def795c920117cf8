/// A mistake in how the command was called; printed with a pointer to `--help`.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What one command accepts, and its help text.
struct CommandSpec {
    /// The subcommand's name, e.g. `search`.
    let name: String
    /// One line for the list of commands.
    let summary: String
    /// The full `--help` text.
    let help: String
    /// Options that take a value (`--limit 5`); they may repeat.
    var valueOptions: Set<String> = []
    /// Options that take no value (`--json`).
    var flags: Set<String> = []
}

/// A command's arguments, checked against its spec.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// Splits `arguments` into positionals, options with values and flags.
    /// `--name=value` and `--name value` are both accepted; `--` ends options.
    init(_ arguments: [String], spec: CommandSpec) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: remaining)
                break
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if spec.flags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if spec.valueOptions.contains(name) {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError("\(name) needs a value")
                }
                values[name, default: []].append(value)
            } else {
                throw UsageError("unknown option \(name) for '\(spec.name)'")
            }
        }
    }

    /// The last value given for an option.
    func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// An option's value as a positive integer, or `default` when absent.
    func positiveInteger(_ name: String, default defaultValue: Int) throws -> Int {
        guard let text = value(name) else { return defaultValue }
        guard let number = Int(text), number > 0 else {
            throw UsageError("\(name) must be a positive whole number, not '\(text)'")
        }
        return number
    }

    /// An `on|off` option's value, or `default` when absent.
    func switchValue(_ name: String, default defaultValue: Bool) throws -> Bool {
        switch value(name) {
        case nil: return defaultValue
        case "on": return true
        case "off": return false
        case let other?: throw UsageError("\(name) is on or off, not '\(other)'")
        }
    }
}
