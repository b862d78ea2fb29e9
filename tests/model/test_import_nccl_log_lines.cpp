// NCCL_DEBUG=INFO lines as users paste them: indented, as a web page or a pager leaves them.
#include "model/io/import/import.hpp"

#include <catch2/catch.hpp>

using namespace model::io;

TEST_CASE("NCCL log: indented lines are read, detected and their transports counted", "[import][nccl-log]")
{
    const std::string text = "  node01:1:2 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n"
                             "  node01:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/Socket/0\n"
                             "\tnode01:1:2 [0] NCCL INFO Channel 01/0 : 0[0] -> 8[0] [send] via NET/Socket/0\n";
    const ImportResult r = importText("indented.txt", text, ImportKind::Auto);
    CHECK(r.kind == ImportKind::NcclLog); // was "looks like none of them"; as nccl-log, "transports: none printed"
    REQUIRE(r.log);
    CHECK(r.log->ncclVersion == "2.21.5+cuda12.4");
    REQUIRE(r.log->transports.size() == 1);
    CHECK(r.log->transports[0].transport == "NET/Socket");
    CHECK(r.log->transports[0].connections == 2);
}
