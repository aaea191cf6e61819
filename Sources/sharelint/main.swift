#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CSystem
import SharelintCLI

// glibc hands the top of a heap back to the system (`brk`, `madvise`) whenever 128 KiB lie
// free there, and takes it again, page fault by page fault, for the next file's reports:
// on the benchmark's tree, 38 `brk` and 23 `madvise` calls a run, each shrink with --jobs
// a TLB flush on the other core. Held for the run instead (docs/performance.md, "The process").
sharelint_hold_heap_memory()
SignalHandling.install()
let code = SharelintCommand.run(Array(CommandLine.arguments.dropFirst()), io: .standard)
PeakMemory.recordIfRequested()
exit(code)
