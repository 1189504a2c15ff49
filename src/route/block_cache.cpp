#include "route/block_cache.hpp"

namespace voxnav {

void BlockCache::clear() {
    index_.clear();
    pages_.clear();
    free_.clear();
    last_ = nullptr;
}

void BlockCache::refresh(const World& world) {
    last_ = nullptr;
    if (world_ != &world || world_id_ != world.id() || pages_.size() > kMaxChunks) {
        clear();
    } else if (world.revision() != revision_) {
        changed_.clear();
        if (!world.changed_chunks_since(revision_, changed_)) {
            clear();
        } else {
            // A dropped chunk's page is reused by the next chunk read.
            for (const Voxel& c : changed_)
                if (auto it = index_.find(c); it != index_.end()) {
                    free_.push_back(it->second);
                    index_.erase(it);
                }
        }
    }
    world_ = &world;
    world_id_ = world.id();
    revision_ = world.revision();
}

void BlockCache::load(const Voxel& chunk) const {
    auto it = index_.find(chunk);
    if (it == index_.end()) {
        // A page no chunk uses any more, or a new one.
        std::uint32_t page;
        if (!free_.empty()) {
            page = free_.back();
            free_.pop_back();
        } else {
            page = std::uint32_t(pages_.size());
            pages_.push_back(std::make_unique<Page>());
        }
        world_->get_chunk(chunk, pages_[page]->data());
        it = index_.emplace(chunk, page).first;
    }
    last_chunk_ = chunk;
    last_ = pages_[it->second]->data();
}

}  // namespace voxnav
