#include <boardrules/backgammon/ai/ubgi_engine.hpp>

#include <iostream>

namespace bg = boardrules::backgammon;
namespace ubgi = boardrules::backgammon::ubgi;

// Plays the last legal play; doubles with a race lead of 10 pips; takes a deficit of up to 12.
struct PipEngine final : ubgi::Engine {
  ubgi::Identity identity() const override { return {"pips", "me", "0.1"}; }
  bg::Play choose_play(const bg::State& s, const ubgi::SearchLimits&) override {
    bg::PlayList plays;
    s.game().legal_plays(plays);
    return plays[plays.size() - 1];
  }
  std::optional<bool> offer_double(const bg::State& s, const ubgi::SearchLimits&) override {
    const bg::Position& p = s.game().position();
    return p.pips(bg::Side::Opponent) - p.pips(bg::Side::Mover) >= 10;
  }
  std::optional<ubgi::CubeAction> answer_double(const bg::State& s, const ubgi::SearchLimits&) override {
    const bg::Position p = s.game().position_of(s.game().turn());  // seen from the player to decide
    return p.pips(bg::Side::Mover) - p.pips(bg::Side::Opponent) <= 12 ? ubgi::CubeAction::Take
                                                                       : ubgi::CubeAction::Drop;
  }
};

int main() {
  PipEngine engine;
  return ubgi::run(engine, std::cin, std::cout);
}
