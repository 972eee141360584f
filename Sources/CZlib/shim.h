/* zlib for the OpenStreetMap PBF importer (zlib-compressed blobs) and its tests (compress()).
   Only the one-shot uncompress()/compress() calls are used, so no wrappers are needed. */
#include <zlib.h>
