#include "learned_guide.h"

#include <openssl/evp.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "guide_features.h"
#include "guide_model_text.h"

namespace chunker {

namespace {

std::string sha256_hex(const std::string& text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (!EVP_Digest(text.data(), text.size(), digest, &size, EVP_sha256(), nullptr))
    throw std::runtime_error("SHA-256 failed");
  static const char* HEX = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < size; ++i) {
    hex += HEX[digest[i] >> 4];
    hex += HEX[digest[i] & 15];
  }
  return hex;
}

}  // namespace

float guide_target(Value depth_value) {
  if (!is_decisive(depth_value)) return 0;
  const float score = float(GUIDE_SPAN - std::min(distance_of(depth_value), GUIDE_SPAN - 1));
  return is_win(depth_value) ? score : -score;
}

std::optional<BoostedTrees> compiled_guide_model(std::string& why_not) {
  const std::string text = GUIDE_MODEL_TEXT;
  if (text.empty()) {
    why_not = "guide/guide.model is missing";
    return std::nullopt;
  }
  // The digest file is sha256sum's: "<hex>  guide.model".
  if (std::string(GUIDE_MODEL_SHA256).substr(0, 64) != sha256_hex(text)) {
    why_not = "guide/guide.model is damaged (its SHA-256 is not guide/guide.model.sha256's)";
    return std::nullopt;
  }
  try {
    BoostedTrees model = BoostedTrees::parse(text);
    if (model.features() == GUIDE_FEATURES) return model;
    why_not = "guide/guide.model has " + std::to_string(model.features()) + " features, the guide " +
              std::to_string(GUIDE_FEATURES);
  } catch (const std::invalid_argument& e) {
    why_not = std::string("guide/guide.model: ") + e.what();
  }
  return std::nullopt;
}

std::function<Value(const Position&)> learned_guide(const ChunkLibraries& libraries,
                                                    std::shared_ptr<const BoostedTrees> model) {
  return [&libraries, model = std::move(model)](const Position& pos) {
    const GuideFeatures f = guide_features(pos, libraries);
    return Value(std::lround(GUIDE_UNIT * model->predict(f.data())));
  };
}

}  // namespace chunker
