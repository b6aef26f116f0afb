/* gpu/cucompat/cuda.h — lets gorgonia.org/cu v0.9.6 (written against CUDA 10–12's driver
 * API) compile with CUDA 13's cuda.h: it includes the real header, then points the few names
 * whose signatures CUDA 13 changed back at the older entry points, which the driver still
 * exports for programs built with older toolkits. Only on the include path of the `cuda`
 * build (see gpu/Makefile fragment in ci/kernels.mk). */
#ifndef CUTEGO_CUCOMPAT_CUDA_H
#define CUTEGO_CUCOMPAT_CUDA_H
#include_next <cuda.h>

#undef cuCtxCreate
#define cuCtxCreate cuCtxCreate_v2
CUresult CUDAAPI cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev);

#undef cuMemAdvise
CUresult CUDAAPI cuMemAdvise(CUdeviceptr devPtr, size_t count, CUmem_advise advice, CUdevice device);
#undef cuMemPrefetchAsync
CUresult CUDAAPI cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count, CUdevice dstDevice, CUstream hStream);
#undef cuGraphAddDependencies
CUresult CUDAAPI cuGraphAddDependencies(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to, size_t numDependencies);
#undef cuGraphGetEdges
CUresult CUDAAPI cuGraphGetEdges(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to, size_t *numEdges);
#undef cuGraphRemoveDependencies
CUresult CUDAAPI cuGraphRemoveDependencies(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to, size_t numDependencies);
#undef cuGraphNodeGetDependencies
CUresult CUDAAPI cuGraphNodeGetDependencies(CUgraphNode hNode, CUgraphNode *dependencies, size_t *numDependencies);
#undef cuGraphNodeGetDependentNodes
CUresult CUDAAPI cuGraphNodeGetDependentNodes(CUgraphNode hNode, CUgraphNode *dependentNodes, size_t *numDependentNodes);
#endif
