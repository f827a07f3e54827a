#include "Core/Json.h"

#include <gtest/gtest.h>

using hipport::core::parseJson;

TEST(CoreJson, SyntaxErrorNamesFileLineAndColumn) {
  nlohmann::json J;
  llvm::Error E = parseJson("cfg.json", "{\n  \"a\": 1,\n}\n", J);
  ASSERT_TRUE(bool(E));
  std::string Msg = llvm::toString(std::move(E));
  EXPECT_EQ(Msg.rfind("cfg.json:3:1: invalid JSON", 0), 0u) << Msg;
}

// Out-of-range numbers used to escape as an exception and abort the process.
TEST(CoreJson, NumberOutOfRangeIsAnErrorNotACrash) {
  nlohmann::json J;
  llvm::Error E = parseJson("rules.json", "{\"x\": 1e400}", J);
  ASSERT_TRUE(bool(E));
  std::string Msg = llvm::toString(std::move(E));
  EXPECT_NE(Msg.find("rules.json:"), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("number overflow"), std::string::npos) << Msg;
}

TEST(CoreJson, ValidTextParses) {
  nlohmann::json J;
  ASSERT_FALSE(bool(parseJson("ok.json", "{\"n\": [1, 2]}", J)));
  EXPECT_EQ(J["n"].size(), 2u);
}
