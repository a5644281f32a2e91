// Type-checked in a project that installed only the @tombstone-lab/core tarball.
import { ClusteringBound, ClusteringComparator, RangeTombstoneList, types } from '@tombstone-lab/core';

const list = new RangeTombstoneList(new ClusteringComparator([types.int32]));
list.add(ClusteringBound.inclusiveStart(0), ClusteringBound.inclusiveEnd(10), 3);
export const covered: boolean = list.isDeleted([5], 2);
