// The N-Queens counting kernel, for NVRTC (the GPU) and for the C compiler (the tests, with
// cpu_shim.h standing in for the CUDA built-ins). It must stay valid C99 as well as CUDA C++.
//
// A launch counts `len` subproblems. Subproblem i is a board whose first rows are already
// placed, given as three 32-bit masks of the next row (columns taken, squares attacked along
// the two diagonal directions): words 3i, 3i + 1 and 3i + 2 of `boards`. Its count, the
// placements of the `rows` rows left, goes to counts[i] (one 64-bit count per subproblem,
// summed on the host).
//
// Work fetching: the grid is persistent (a few blocks per multiprocessor, whatever `len`),
// and each thread takes its next subproblem with an atomic add on `next`, so a thread that
// finishes a short subproblem starts another at once instead of idling beside the long ones
// of its warp.
//
// Search: depth-first, one row per level, without recursion. Level d's stack word holds the
// columns still to try in that row, the one being tried being the lowest bit: from it and the
// masks of the level below, the masks of level d are undone on the way back up, so one word
// per level is the whole stack. The stack is in shared memory,
// word (level, thread) at level * blockDim.x + threadIdx.x: the 32 lanes of a warp touching
// one level touch 32 consecutive words, which sit in 32 different banks.
// The last row is not descended into: its avail squares are counted with one popcount.

#ifndef NQ_KERNEL
#define NQ_KERNEL extern "C" __global__
#endif

// Levels of the stack: rows left (`rows`) minus one, at most. The host never launches more.
#define NQ_MAX_LEVELS 24
// Threads per block: the host launches exactly this many (the stack is sized for it).
#define NQ_BLOCK_THREADS 128

NQ_KERNEL void nq_count(const unsigned int *boards, unsigned int len, unsigned int rows,
                        unsigned int full, unsigned long long *counts, unsigned int *next)
{
    __shared__ unsigned int stack[NQ_MAX_LEVELS * NQ_BLOCK_THREADS];
    unsigned int *mine = stack + threadIdx.x;
    for (;;) {
        unsigned int index = atomicAdd(next, 1u);
        if (index >= len) {
            return;
        }
        // The diagonals are kept in 64 bits so that going back up by shifting loses nothing:
        // `left` (shifted left each row) has the board in bits 0..n - 1 and room above for
        // the 32 rows at most that it climbs; `right` (shifted right each row) has the board
        // in bits 32..n + 31 and room below.
        unsigned int cols = boards[3 * index];
        unsigned long long left = boards[3 * index + 1];
        unsigned long long right = (unsigned long long)boards[3 * index + 2] << 32;
        unsigned int avail = full & ~(cols | (unsigned int)left | (unsigned int)(right >> 32));
        unsigned long long count = 0;
        if (rows == 0) {
            count = 1;
        } else if (rows == 1) {
            count = __popc(avail);
        } else {
            // `level` is the row being filled, 0 for the subproblem's first open row; the
            // last row is rows - 1, counted from level rows - 2 without a stack word.
            unsigned int level = 0;
            unsigned int last = rows - 2;
            for (;;) {
                if (avail == 0) {
                    if (level == 0) {
                        break;
                    }
                    // Back up: undo the queen of the level above (the lowest bit of its word)
                    // and go on with its other columns.
                    level -= 1;
                    unsigned int tried = mine[level * NQ_BLOCK_THREADS];
                    unsigned int queen = tried & (0u - tried);
                    cols &= ~queen;
                    left = (left >> 1) & ~(unsigned long long)queen;
                    right = (right << 1) & ~((unsigned long long)queen << 32);
                    avail = tried & (tried - 1);
                    continue;
                }
                unsigned int queen = avail & (0u - avail);
                unsigned int below_cols = cols | queen;
                unsigned long long below_left = (left | queen) << 1;
                unsigned long long below_right = (right | ((unsigned long long)queen << 32)) >> 1;
                unsigned int below_avail =
                    full & ~(below_cols | (unsigned int)below_left | (unsigned int)(below_right >> 32));
                if (level == last) {
                    count += __popc(below_avail);
                    avail &= avail - 1;
                    continue;
                }
                mine[level * NQ_BLOCK_THREADS] = avail;
                level += 1;
                cols = below_cols;
                left = below_left;
                right = below_right;
                avail = below_avail;
            }
        }
        counts[index] = count;
    }
}
