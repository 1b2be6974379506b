// Stands in for the CUDA built-ins count.cu uses, so that the C compiler builds the kernel for
// the tests (cpu_launch.c runs the threads of each block as POSIX threads, one block after
// another): thread and block indices (per thread), shared memory (one array, which the
// threads of the block being run share), atomics and popcount.
#ifndef NQ_CPU_SHIM_H
#define NQ_CPU_SHIM_H

typedef struct {
    unsigned int x, y, z;
} nq_dim3;

// The running thread's indices, and the launch's shape, set by cpu_launch.c.
extern _Thread_local nq_dim3 threadIdx, blockIdx;
extern nq_dim3 blockDim, gridDim;

#define NQ_KERNEL
// One array, shared by the threads of the block being run, as a block's shared memory is.
#define __shared__ static

static inline unsigned int atomicAdd(unsigned int *address, unsigned int value)
{
    return __atomic_fetch_add(address, value, __ATOMIC_RELAXED);
}

#define __popc(x) ((unsigned int)__builtin_popcount(x))

#endif
