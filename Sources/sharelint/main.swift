#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SharelintCLI

SignalHandling.install()
let code = SharelintCommand.run(Array(CommandLine.arguments.dropFirst()), io: .standard)
PeakMemory.recordIfRequested()
exit(code)
