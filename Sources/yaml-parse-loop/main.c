// The bare C loop the benchmark compares sharelint's peak memory with: reads a file
// into memory, runs libyaml's event loop over it (YAMLParseLoop's, which the benchmark
// also times in process), writes its own peak resident memory in KiB to the file named
// by SHARELINT_PEAK_MEMORY_FILE (as sharelint does), and the event count to stdout.
// With YAML_PARSE_LOOP_REPEATS=N it runs the loop N more times over the bytes it holds
// and writes the fastest run's seconds to stderr: the benchmark's in-process baseline,
// for scripts/phase-times.sh.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "yaml_parse_loop.h"

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: yaml-parse-loop FILE\n"); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 2; }
    if (fseek(file, 0, SEEK_END) != 0) { fclose(file); return 2; }
    long length = ftell(file);
    rewind(file);
    unsigned char *bytes = malloc(length > 0 ? (size_t)length : 1);
    if (!bytes || fread(bytes, 1, (size_t)length, file) != (size_t)length) { fclose(file); return 2; }
    fclose(file);

    long events = yaml_parse_loop(bytes, (size_t)length);

    const char *repeats = getenv("YAML_PARSE_LOOP_REPEATS");
    if (repeats) {
        double fastest = -1;
        for (long i = strtol(repeats, NULL, 10); i > 0; i--) {
            struct timespec start, end;
            clock_gettime(CLOCK_MONOTONIC, &start);
            yaml_parse_loop(bytes, (size_t)length);
            clock_gettime(CLOCK_MONOTONIC, &end);
            double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
            if (fastest < 0 || seconds < fastest) fastest = seconds;
        }
        fprintf(stderr, "%.4f\n", fastest);
    }

    long peakKiB = -1;
#ifdef __linux__
    // VmHWM, as sharelint reads it: ru_maxrss of a child started with vfork and exec
    // includes its parent's high-water mark.
    FILE *status = fopen("/proc/self/status", "r");
    if (status) {
        char line[256];
        while (fgets(line, sizeof line, status)) {
            if (strncmp(line, "VmHWM:", 6) == 0) { peakKiB = strtol(line + 6, NULL, 10); break; }
        }
        fclose(status);
    }
#endif
    if (peakKiB < 0) {
        struct rusage usage;
        getrusage(RUSAGE_SELF, &usage);
#ifdef __APPLE__
        peakKiB = usage.ru_maxrss / 1024;
#else
        peakKiB = usage.ru_maxrss;
#endif
    }
    const char *peakFile = getenv("SHARELINT_PEAK_MEMORY_FILE");
    if (peakFile) {
        FILE *out = fopen(peakFile, "w");
        if (out) { fprintf(out, "%ld\n", peakKiB); fclose(out); }
    }
    printf("%ld\n", events);
    free(bytes);
    return events < 0 ? 1 : 0;
}
