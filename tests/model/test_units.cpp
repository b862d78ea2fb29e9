#include "model/units/units.hpp"
#include "model/units/number_format.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace model;

TEST_CASE("Bandwidth converts between GB/s and Gb/s by a factor of 8", "[units]")
{
    const Bandwidth nic = Bandwidth::Gbps(400);
    CHECK(nic.inGBps() == Approx(50.0));
    CHECK(nic.inBytesPerSecond() == Approx(50e9));
    CHECK(nic.inGbps() == Approx(400.0));
    const Bandwidth nvlink = Bandwidth::GBps(450);
    CHECK(nvlink.inGbps() == Approx(3600.0));
    CHECK((nvlink / nic) == Approx(9.0));
    CHECK(formatBandwidth(nic, RateUnit::GBps) == "50 GB/s");
    CHECK(formatBandwidth(nic, RateUnit::Gbps) == "400 Gb/s");
}

TEST_CASE("transferTime divides bytes by bytes per second", "[units]")
{
    CHECK(transferTime(50e9, Bandwidth::Gbps(400)).inSeconds() == Approx(1.0));
    CHECK(transferTime(0, Bandwidth::GBps(1)).inSeconds() == 0.0);
    CHECK(transferTime(1, Bandwidth()).inSeconds() == std::numeric_limits<double>::infinity());
    CHECK(Duration::microseconds(1500).inMilliseconds() == Approx(1.5));
}

TEST_CASE("parseSize takes nccl-tests style sizes in powers of 1024", "[units]")
{
    CHECK(parseSize("8") == 8u);
    CHECK(parseSize("8K") == 8192u);
    CHECK(parseSize("1M") == 1048576u);
    CHECK(parseSize("8G") == 8589934592ull);
    CHECK(parseSize("16GiB") == 17179869184ull);
    CHECK(parseSize("0.5K") == 512u);
    CHECK(parseSize("1.5K") == 1536u);
    // A size that is not a whole number of bytes is refused, not rounded.
    CHECK_THROWS_WITH(parseSize("1.5"), Catch::Contains("not a whole number of bytes"));
    CHECK_THROWS_WITH(parseSize("0.3K"), Catch::Contains("not a whole number of bytes"));
    CHECK_THROWS_AS(parseSize("eight"), std::invalid_argument);
    CHECK_THROWS_WITH(parseSize("-1"), "size \"-1\": a size cannot be negative; give a number of bytes, e.g. 8G");
    // Too large says so (it said "expected a non-negative number" of 1e30).
    CHECK_THROWS_WITH(parseSize("1e30"), Catch::StartsWith("size \"1e30\": more than the largest size, 16 EiB"));
    CHECK_THROWS_WITH(parseSize("1e400"), Catch::StartsWith("size \"1e400\": more than the largest size, 16 EiB"));
    CHECK_THROWS_WITH(parseSize("20000P"), Catch::Contains("expected a non-negative number of bytes"));
    CHECK(parseSize("1e3") == 1000u);
    CHECK_THROWS_AS(parseSize("8X"), std::invalid_argument);
    CHECK_THROWS_AS(parseSize(""), std::invalid_argument);
    CHECK(formatBytes(8589934592.0) == "8 GiB");
}

TEST_CASE("numbers for people: three significant digits, percentages, counts", "[units]")
{
    CHECK(threeDigits(0.84213) == "0.842");
    CHECK(threeDigits(12.36) == "12.4");
    CHECK(threeDigits(1.2) == "1.20");
    CHECK(threeDigits(38.0) == "38.0");
    CHECK(threeDigits(1234.6) == "1235");
    CHECK(threeDigits(9.996) == "10.0");
    CHECK(threeDigits(0.0) == "0.00");
    CHECK(threeDigits(0.000123456) == "0.000123");
    // Times in the largest unit that keeps a digit before the point (analyze printed
    // "DP exposed 0.00335 s" where the report writes milliseconds).
    CHECK(formatSeconds(0.84213) == "842 ms");
    CHECK(formatSeconds(22.049) == "22.0 s");
    CHECK(formatSeconds(1.0) == "1.00 s");
    CHECK(formatSeconds(0.99996) == "1.00 s");
    CHECK(formatSeconds(0.00335) == "3.35 ms");
    CHECK(formatSeconds(0.0009999) == "1.00 ms");
    CHECK(formatSeconds(4.2e-5) == "42.0 us");
    CHECK(formatSeconds(0.0) == "0 s");
    CHECK(formatSeconds(2164.4) == "2,164 s"); // was "2164 s"
    CHECK(formatPercent(0.38) == "38.0 %");
    CHECK(formatPercent(0.4567) == "45.7 %");
    CHECK(formatCount(1234567.8) == "1,234,568");
    CHECK(formatCount(999) == "999");
    CHECK(formatCount(1000) == "1,000");
}

TEST_CASE("formatFigure: three significant digits below 1,000, whole numbers with separators from 1,000", "[units][format]")
{
    // The compare table's cells: its training-run row printed "391.1", "1,519" and "67.88" days.
    CHECK(formatFigure(391.0949) == "391");
    CHECK(formatFigure(1518.963) == "1,519");
    CHECK(formatFigure(67.8796) == "67.9");
    CHECK(formatFigure(30.3703) == "30.4");
    CHECK(formatFigure(117.954) == "118");
    CHECK(formatFigure(5.27116) == "5.27");
    CHECK(formatFigure(22.0) == "22.0");
    CHECK(formatFigure(0.0123456) == "0.0123");
    CHECK(formatFigure(999.4) == "999");
    CHECK(formatFigure(999.7) == "1,000");
    CHECK(formatFigure(596780.63) == "596,781");
    CHECK(formatFigure(-1518.963) == "-1,519");
    CHECK(formatFigure(0.0) == "0");
}

TEST_CASE("significantDigits drops trailing zeros and fixedDecimals keeps its decimals", "[units][format]")
{
    CHECK(significantDigits(400) == "400");
    CHECK(significantDigits(2.5) == "2.5");
    CHECK(significantDigits(0.1234567) == "0.123457");
    CHECK(significantDigits(0.1234567, 3) == "0.123");
    CHECK(significantDigits(1234567.0, 3) == "1.23e+06");
    CHECK(significantDigits(12.0, 0) == "1e+01"); // digits below 1 count as 1
    CHECK(significantDigits(-7.25) == "-7.25");
    CHECK(fixedDecimals(2.5, 2) == "2.50");
    CHECK(fixedDecimals(2.449, 1) == "2.4");
    CHECK(fixedDecimals(1536.6, 0) == "1537");
    CHECK(fixedDecimals(3.0, -2) == "3");
    CHECK(fixedDecimals(1e300, 0).size() == 301);
}
