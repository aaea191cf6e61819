#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SharelintCLI

exit(SharelintCommand.run(Array(CommandLine.arguments.dropFirst()), io: .standard))
