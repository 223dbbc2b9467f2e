// Retrograde enumeration of the K3CPPvK libraries (chunks/k3cppvk.h): a king
// and up to three connected pawns against the lone king.
#pragma once

#include "chunks/k3cppvk.h"

namespace chunker {

// Values, spare tempi (with and without the unsafe promotion's pass) and the
// race boxes, under KCP.
K3cppvkLibrary build_k3cppvk();
// K3CPPvK as the whole board (K3cppvkExact): AMS, either side stalemated.
K3cppvkExact build_k3cppvk_exact();

}  // namespace chunker
