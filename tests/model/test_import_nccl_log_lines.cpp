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

TEST_CASE("NCCL log findings: one connection is singular, NCCL_IB_HCA's '=' prefix is not doubled, NCCL_ALGO reads straight", "[import][nccl-log][wording]")
{
    const std::string text = "node01:1:2 [0] NCCL INFO NCCL_IB_HCA set by environment to =mlx5_0\n"
                             "node01:1:2 [0] NCCL INFO NCCL_ALGO set by environment to Tree\n"
                             "node01:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 8[0] [send] via NET/Socket/0\n"
                             "node01:1:2 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct/direct\n";
    const ImportResult r = importText("log.txt", text, ImportKind::NcclLog);
    std::string all;
    for (const auto& f : r.findings) all += f.message + "\n";
    INFO(all);
    CHECK(all.find("NCCL_IB_HCA=\"=mlx5_0\"") != std::string::npos);
    CHECK(all.find("==") == std::string::npos);
    CHECK(all.find("(NET/Socket, 1 connection)") != std::string::npos);
    CHECK(all.find("(SHM, 1 connection)") != std::string::npos);
    CHECK(all.find("no longer picks NVLS or trees") == std::string::npos); // contradicted NCCL_ALGO=Tree
    CHECK(all.find("NCCL_ALGO=Tree forces the algorithm (Tree): NCCL no longer chooses one per size") != std::string::npos);
}
