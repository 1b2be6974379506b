// The CPU build of count.cu for the tests: nq_cpu_launch runs a launch of `grid` blocks of
// NQ_BLOCK_THREADS threads. The threads of a block run at once, as POSIX threads sharing the
// block's stack array and the work counter, so a thread that wrote outside its own stack
// words, or a lost work item, shows as a wrong count; the blocks run one after another (they
// would share the one stack array otherwise).
#include <pthread.h>

#include "cpu_shim.h"
#include "count.cu"

_Thread_local nq_dim3 threadIdx, blockIdx;
nq_dim3 blockDim, gridDim;

struct nq_launch {
    const unsigned int *boards;
    unsigned int len, rows, full, block, thread;
    unsigned long long *counts;
    unsigned int *next;
};

static void *nq_run_thread(void *argument)
{
    const struct nq_launch *launch = argument;
    threadIdx.x = launch->thread;
    threadIdx.y = threadIdx.z = 0;
    blockIdx.x = launch->block;
    blockIdx.y = blockIdx.z = 0;
    nq_count(launch->boards, launch->len, launch->rows, launch->full, launch->counts,
             launch->next);
    return 0;
}

unsigned int nq_cpu_block_threads(void)
{
    return NQ_BLOCK_THREADS;
}

unsigned int nq_cpu_max_levels(void)
{
    return NQ_MAX_LEVELS;
}

// Returns 0, or -1 when a thread could not be started or joined (the counts are then
// incomplete).
int nq_cpu_launch(unsigned int grid, const unsigned int *boards, unsigned int len,
                  unsigned int rows, unsigned int full, unsigned long long *counts,
                  unsigned int *next)
{
    struct nq_launch launches[NQ_BLOCK_THREADS];
    pthread_t threads[NQ_BLOCK_THREADS];
    int failed = 0;
    gridDim.x = grid;
    gridDim.y = gridDim.z = 1;
    blockDim.x = NQ_BLOCK_THREADS;
    blockDim.y = blockDim.z = 1;
    for (unsigned int block = 0; block < grid; block++) {
        unsigned int started = 0;
        for (unsigned int thread = 0; thread < NQ_BLOCK_THREADS; thread++) {
            struct nq_launch launch = {boards, len, rows, full, block, thread, counts, next};
            launches[thread] = launch;
            if (pthread_create(&threads[thread], 0, nq_run_thread, &launches[thread]) != 0) {
                failed = 1;
                break;
            }
            started++;
        }
        for (unsigned int thread = 0; thread < started; thread++) {
            if (pthread_join(threads[thread], 0) != 0) {
                failed = 1;
            }
        }
        if (failed) {
            return -1;
        }
    }
    return 0;
}
