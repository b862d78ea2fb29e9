// Reading a training configuration from JSON (design "analysis" object or CLI workload).
#include "model/analysis/training.hpp"

#include "model/io/json_fields.hpp"

#include <algorithm>
#include <string_view>
#include <cctype>
#include <stdexcept>

namespace model::analysis {

namespace {

/// Bytes of the UTF-8 blank that starts `name` at `at` (or ends it there when `backwards`):
/// ASCII white space, U+00A0 no-break space, U+2000-U+200A (en quad to hair space), U+202F
/// narrow no-break space, U+205F medium mathematical space and U+3000 ideographic space -- the
/// blanks QString::trimmed removes from --workload. 0 where none is.
std::size_t blankAt(const std::string& name, std::size_t at, bool backwards)
{
    const auto is = [&](std::size_t from, std::string_view seq) { return from + seq.size() <= name.size() && name.compare(from, seq.size(), seq) == 0; };
    const auto match = [&](std::string_view seq) -> std::size_t {
        const std::size_t from = backwards ? at - std::min(at, seq.size()) : at;
        return (backwards ? at >= seq.size() : true) && is(from, seq) ? seq.size() : 0;
    };
    if (backwards ? at == 0 : at >= name.size()) return 0;
    if (std::isspace(static_cast<unsigned char>(name[backwards ? at - 1 : at]))) return 1;
    static const char* const blanks[] = {"\xC2\xA0", "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80"};
    for (const char* b : blanks)
        if (const std::size_t n = match(b)) return n;
    for (char last = '\x80'; last <= '\x8A'; ++last) {
        const char seq[] = {'\xE2', '\x80', last, 0};
        if (const std::size_t n = match(seq)) return n;
    }
    return 0;
}

/// `name` without the blanks (blankAt) at its start and end.
std::string trimmed(const std::string& name)
{
    std::size_t b = 0, e = name.size();
    while (b < e)
        if (const std::size_t n = blankAt(name, b, false)) b += n;
        else break;
    while (e > b)
        if (const std::size_t n = blankAt(name, e, true)) e -= n;
        else break;
    return name.substr(b, e - b);
}

} // namespace

TrainingConfig trainingConfigFromJson(const nlohmann::json& j, const std::string& file)
{
    using namespace model::io;
    const JsonContext ctx{file, "analysis"};
    if (!j.is_object()) throw InputError(file, "analysis", "", "expected an object, got " + describe(j));
    TrainingConfig c;
    if (const auto w = j.find("workload"); w != j.end() && !w->is_string()) {
        std::string list;
        for (const auto& n : presetNames()) list += (list.empty() ? "" : ", ") + n;
        throw InputError(file, "analysis", "workload", "expected the name of a preset (" + list + "), got " + describe(*w));
    }
    const std::string workload = canonicalWorkload(optionalString(j, "workload", ctx, "gpt3-175b")); // " LLAMA3-8B " names llama3-8b
    if (j.contains("model")) {
        const JsonContext mctx{file, "analysis.model"};
        const auto& mj = j.at("model");
        if (!mj.is_object()) throw InputError(file, "analysis", "model", "expected an object with layers, hidden, heads, ffn, seq_len, vocab");
        TransformerModel& m = c.model;
        m.name = optionalString(mj, "name", mctx, "custom");
        if (const std::string problem = modelNameProblem(m.name); !problem.empty())
            throw InputError(file, "analysis.model", "name", "expected " + problem);
        m.name = ownModelLabel(m.name);
        m.layers = static_cast<int>(requireInt(mj, "layers", mctx, 1, 10000));
        m.hidden = static_cast<int>(requireInt(mj, "hidden", mctx, 1, 1 << 20));
        m.heads = static_cast<int>(requireInt(mj, "heads", mctx, 1, 1 << 16));
        m.kvHeads = static_cast<int>(optionalInt(mj, "kv_heads", mctx, 1, 1 << 16, m.heads));
        m.ffn = static_cast<int>(optionalInt(mj, "ffn", mctx, 1, 1 << 22, 4LL * m.hidden));
        m.seqLen = static_cast<int>(requireInt(mj, "seq_len", mctx, 1, 1 << 24));
        m.vocab = static_cast<int>(requireInt(mj, "vocab", mctx, 1, 1 << 24));
        m.swiglu = optionalBool(mj, "swiglu", mctx, false);
        m.params = optionalNumber(mj, "params", mctx, 0.0, 1e15).value_or(0.0); // GPT-3: 1.75e11
    } else {
        try {
            c.model = presetModel(workload);
        } catch (const std::invalid_argument& e) {
            throw InputError(file, "analysis", "workload", e.what());
        }
    }
    if (j.contains("seq_len")) c.model.seqLen = static_cast<int>(requireInt(j, "seq_len", ctx, 1, 1 << 24));
    c.tp = static_cast<int>(optionalInt(j, "tp", ctx, 0, 1 << 16, 0));
    c.pp = static_cast<int>(optionalInt(j, "pp", ctx, 0, 1 << 16, 0));
    c.dp = static_cast<int>(optionalInt(j, "dp", ctx, 0, 1 << 24, 0));
    c.interleave = static_cast<int>(optionalInt(j, "interleave", ctx, 1, 1024, 1));
    c.microBatch = static_cast<int>(optionalInt(j, "micro_batch", ctx, 1, 1 << 20, 1));
    c.globalBatch = static_cast<int>(optionalInt(j, "global_batch", ctx, 0, kMaxGlobalBatch, 0));
    c.gradAccumulation = static_cast<int>(optionalInt(j, "grad_accumulation", ctx, 0, 1 << 16, 0));
    const std::string prec = optionalEnum(j, "precision", ctx, {"fp32", "bf16", "fp16", "fp8"}, "bf16");
    c.precision = prec == "fp32" ? Precision::FP32 : prec == "fp8" ? Precision::FP8 : prec == "fp16" ? Precision::FP16 : Precision::BF16;
    const std::string rc = optionalEnum(j, "recompute", ctx, {"none", "selective", "full"}, "selective");
    c.recompute = rc == "none" ? Recompute::None : rc == "full" ? Recompute::Full : Recompute::Selective;
    c.sequenceParallel = optionalBool(j, "sequence_parallel", ctx, true);
    c.shardedOptimizer = optionalBool(j, "sharded_optimizer", ctx, true);
    c.dpOverlap = optionalBool(j, "dp_overlap", ctx, true);
    c.flashAttention = optionalBool(j, "flash_attention", ctx, c.model.flashAttentionByDefault);
    c.computeEfficiency = optionalNumber(j, "compute_efficiency", ctx, 0.0, 1.0).value_or(0.0);
    return c;
}

namespace {

std::string asciiLower(std::string s)
{
    for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
}

} // namespace

std::string modelNameProblem(const std::string& name)
{
    std::size_t codePoints = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto b = static_cast<unsigned char>(name[i]);
        if ((b & 0xC0) != 0x80) ++codePoints;
        if (b < 0x20 || b == 0x7F) return "a name on one line, without control characters (newline, tab)";
        // U+0080-U+009F (C1 controls, U+0085 a line break): C2 80-9F in UTF-8.
        if (b == 0xC2 && i + 1 < name.size() && static_cast<unsigned char>(name[i + 1]) <= 0x9F)
            return "a name on one line, without control characters (U+0080-U+009F)";
        // U+2028/U+2029 break the line: E2 80 A8-A9.
        const auto at = [&](std::size_t k) { return i + k < name.size() ? static_cast<unsigned char>(name[i + k]) : 0; };
        if (b == 0xE2 && at(1) == 0x80 && (at(2) == 0xA8 || at(2) == 0xA9))
            return "a name on one line, without line or paragraph separators (U+2028, U+2029)";
        // Invisible and text-direction characters, which hide letters or reverse the text on
        // screen (Unicode Default_Ignorable_Code_Point and Bidi_Control): U+00AD, U+034F,
        // U+061C, U+115F, U+180E, U+200B-200F, U+202A-202E, U+2060-206F, U+3164, U+FEFF,
        // U+FFF9-FFFB and the tag characters U+E0000-E007F.
        const bool invisible = (b == 0xC2 && at(1) == 0xAD) || (b == 0xCD && at(1) == 0x8F) || (b == 0xD8 && at(1) == 0x9C) ||
                               (b == 0xE1 && at(1) == 0x85 && at(2) == 0x9F) || (b == 0xE1 && at(1) == 0xA0 && at(2) == 0x8E) ||
                               (b == 0xE2 && at(1) == 0x80 && ((at(2) >= 0x8B && at(2) <= 0x8F) || (at(2) >= 0xAA && at(2) <= 0xAE))) ||
                               (b == 0xE2 && at(1) == 0x81 && at(2) >= 0xA0 && at(2) <= 0xAF) ||
                               (b == 0xE3 && at(1) == 0x85 && at(2) == 0xA4) || (b == 0xEF && at(1) == 0xBB && at(2) == 0xBF) ||
                               (b == 0xEF && at(1) == 0xBF && at(2) >= 0xB9 && at(2) <= 0xBB) ||
                               (b == 0xF3 && at(1) == 0xA0 && (at(2) == 0x80 || at(2) == 0x81));
        if (invisible) return "a name without invisible or text-direction characters (such as U+200B, U+202E, U+00AD, U+FEFF)";
    }
    if (codePoints > kMaxModelNameChars)
        return "a name of at most " + std::to_string(kMaxModelNameChars) + " characters, got " + std::to_string(codePoints);
    return {};
}

std::string canonicalWorkload(const std::string& name)
{
    const std::string t = trimmed(name);
    const auto& presets = presetNames();
    const std::string lower = asciiLower(t);
    return std::find(presets.begin(), presets.end(), lower) != presets.end() ? lower : t;
}

std::string ownModelLabel(const std::string& name)
{
    const std::string t = trimmed(name);
    if (t.empty()) return "custom"; // a blank name prints as nothing
    const auto& presets = presetNames();
    // Spaces or capitals do not make another name: " LLAMA3-8B " reads as the preset too.
    if (std::find(presets.begin(), presets.end(), asciiLower(t)) != presets.end()) return t + " (own model)";
    return t;
}

std::string ownModelName(const nlohmann::json& analysis)
{
    if (!analysis.is_object() || !analysis.contains("model") || !analysis.at("model").is_object()) return {};
    const auto& m = analysis.at("model");
    return ownModelLabel(m.contains("name") && m.at("name").is_string() ? m.at("name").get<std::string>() : ""); // as trainingConfigFromJson names it
}

nlohmann::json settingsWithWorkload(const nlohmann::json& analysis, const std::string& requested)
{
    const std::string workload = canonicalWorkload(requested);
    nlohmann::json s = analysis.is_object() ? analysis : nlohmann::json::object();
    const std::string own = ownModelName(s);
    const auto& presets = presetNames();
    if (std::find(presets.begin(), presets.end(), workload) != presets.end()) {
        // A "workload" that is no name (5, null) is not this one: replaced, never read as text.
        const auto named = s.find("workload");
        const bool ownWorkload = own.empty() && (named == s.end() ? workload == "gpt3-175b"
                                                                   : named->is_string() && canonicalWorkload(named->get<std::string>()) == workload);
        if (!ownWorkload) // another model: the layout was chosen for it
            for (const char* k : {"model", "tp", "pp", "dp", "interleave", "micro_batch", "global_batch", "seq_len"}) s.erase(k);
        s["workload"] = workload;
        return s;
    }
    if (!own.empty() && own == workload) return s;
    std::string list;
    for (const auto& n : presets) list += (list.empty() ? "" : ", ") + n;
    if (!own.empty()) list += ", or the design's own model \"" + own + "\"";
    throw std::invalid_argument("--workload: expected one of " + list + "; got \"" + workload + "\"");
}

} // namespace model::analysis
