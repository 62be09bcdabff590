// tdoku-bench measures tdoku (https://github.com/t-dillon/tdoku) the way
// puzbot's Go benchmarks measure puzbot (solve/sudoku/bench_test.go): every
// puzzle of a file, in file order, first solution only (limit 1), over and
// over for a fixed time, single-threaded; the best of several runs. It
// reports elapsed and processor time per puzzle. It is not part of puzbot's
// build; see the README, section Sudoku, "Measured speed", for how to build
// it against tdoku's static library.
//
// usage: tdoku-bench FILE [runs [seconds per run]]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "tdoku.h"

static double threadCPU() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: tdoku-bench FILE [runs [seconds per run]]\n");
        return 2;
    }
    int runs = argc > 2 ? atoi(argv[2]) : 10;
    double secs = argc > 3 ? atof(argv[3]) : 1.0;
    std::ifstream f(argv[1]);
    std::vector<std::string> puzzles;
    std::string line;
    while (std::getline(f, line)) {
        if (line.size() >= 81 && line[0] != '#') puzzles.push_back(line.substr(0, 81));
    }
    char solution[81];
    size_t guesses = 0, g;
    for (auto &p : puzzles) {  // check, and warm up
        if (TdokuSolverDpllTriadSimd(p.c_str(), 1, 0, solution, &g) != 1) {
            fprintf(stderr, "no solution: %s\n", p.c_str());
            return 1;
        }
        guesses += g;
    }
    double best = 1e18, bestCPU = 1e18;
    for (int r = 0; r < runs; r++) {
        auto t0 = std::chrono::steady_clock::now();
        double c0 = threadCPU(), elapsed;
        size_t n = 0;
        do {
            for (auto &p : puzzles) TdokuSolverDpllTriadSimd(p.c_str(), 1, 0, solution, &g);
            n += puzzles.size();
            elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        } while (elapsed < secs);
        double us = elapsed * 1e6 / n, cpu = (threadCPU() - c0) * 1e6 / n;
        if (us < best) best = us;
        if (cpu < bestCPU) bestCPU = cpu;
    }
    printf("%zu puzzles, %.2f guesses/puzzle: best of %d: %.3f us/puzzle (%.0f puzzles/s), %.3f cpu-us/puzzle\n",
           puzzles.size(), double(guesses) / puzzles.size(), runs, best, 1e6 / best, bestCPU);
}
