#!/bin/sh
# Regenerates the bundled templates with the topology generators (issues 4 and 14).
# Usage: resources/templates/regenerate.sh path/to/cluster-designer
# Every template must raise no design rule and no analysis warning, with a workload that fits
# its hardware (tests/model/test_templates.cpp and test_rules.cpp check it). The "template"
# object gives the title, one-line description and order of File > New from Template.
set -e
B=${1:?path to the cluster-designer binary}
T=$(dirname "$0")

# meta FILE ORDER TITLE DESCRIPTION WORKLOAD_JSON: adds the list entry and the workload.
meta() {
  python3 - "$@" <<'PY'
import json, sys
path, order, title, description, workload = sys.argv[1:6]
d = json.load(open(path))
d["template"] = {"title": title, "description": description, "order": int(order)}
d["analysis"].update(json.loads(workload))
open(path, "w").write(json.dumps(d, indent=1) + "\n")
PY
}

"$B" generate fat-tree --server dgx-h100 --nodes 32 --switch qm9700 \
  --name "DGX SuperPOD H100 - one scalable unit (32 DGX H100, rail-optimized NDR)" -o "$T/superpod-h100-1su.json"
meta "$T/superpod-h100-1su.json" 1 "DGX H100 SuperPOD unit" \
  "One scalable unit: 32 DGX H100 on a rail-optimized NDR InfiniBand fat tree (8 leaves, 4 spines); training GPT-3 175B" \
  '{"workload": "gpt3-175b"}'

# NVIDIA's DGX SuperPOD B200 reference architecture centres on 4 SUs = 128 DGX B200, 32 leaves,
# 16 spines (shared/reference/reference_architectures.md sec. 2).
"$B" generate fat-tree --server dgx-b200 --nodes 128 --switch qm9700 \
  --name "DGX SuperPOD B200 - four scalable units (128 DGX B200, rail-optimized NDR)" -o "$T/dgx-b200-4su.json"
meta "$T/dgx-b200-4su.json" 2 "DGX B200 four-unit system" \
  "Four scalable units: 128 DGX B200 on a non-blocking NDR InfiniBand fat tree (32 leaves, 16 spines); training Llama 3 405B" \
  '{"workload": "llama3-405b"}'

"$B" generate gb200-nvl72 --racks 1 --switch qm9700 \
  --name "GB200 NVL72 rack (72 GPUs in one NVLink domain) on NDR InfiniBand leaves" -o "$T/gb200-nvl72-1rack.json"
meta "$T/gb200-nvl72-1rack.json" 3 "GB200 NVL72 rack" \
  "One rack: 72 Blackwell GPUs in a single NVLink domain, 72 NDR NICs to InfiniBand leaves; training Llama 3 70B" \
  '{"workload": "llama3-70b"}'

"$B" generate gb200-nvl72 --racks 8 --switch qm9700 \
  --name "GB200 NVL72 x8 racks (576 GPUs, NVLink inside each rack) joined by an NDR fat tree" -o "$T/gb200-nvl72-8racks.json"
meta "$T/gb200-nvl72-8racks.json" 4 "GB200 NVL72 eight-rack unit" \
  "Eight NVL72 racks (576 GPUs): NVLink inside each rack, an NDR InfiniBand fat tree between them; training Llama 3 405B" \
  '{"workload": "llama3-405b"}'

"$B" generate server --server pcie-2-8-5-l40s --name "8x L40S PCIe server (PCIe Optimized 2-8-5)" -o "$T/server-8x-l40s.json"
meta "$T/server-8x-l40s.json" 5 "8x L40S PCIe server" \
  "One PCIe server with 8 L40S (no NVLink: GPUs talk over PCIe switches); fine-tuning Llama 3 8B" \
  '{"workload": "llama3-8b"}'

"$B" generate server --server ws-4x-rtx4090 --name "4x RTX 4090 workstation" \
  --waive "consumer-no-p2p=Accepted by design: GeForce cards have no NVLink and the stock driver gives no PCIe P2P (NCCL issue #1127); this template shows what that costs." \
  -o "$T/workstation-4x-rtx4090.json"
# Llama 3.2 1B shape from its model card (meta-llama/Llama-3.2-1B config.json): 16 layers,
# hidden 2048, 32 heads (8 KV), FFN 8192, vocabulary 128256; 4,096-token sequences.
meta "$T/workstation-4x-rtx4090.json" 6 "4x RTX 4090 workstation" \
  "A desk-side box with four GeForce RTX 4090 (24 GB each, PCIe only); training a 1B-parameter Llama 3.2" \
  '{"model": {"name": "llama3.2-1b", "layers": 16, "hidden": 2048, "heads": 32, "kv_heads": 8, "ffn": 8192, "seq_len": 4096, "vocab": 128256, "swiglu": true, "params": 1.24e9}}'

"$B" generate roce --server hgx-h100-8gpu --nodes 64 --switch sn5600 --nic bluefield-3-400g --lossless on \
  --name "64x HGX H100 on a Spectrum-4 SN5600 RoCE fabric (400GbE per GPU, PFC/ECN on)" -o "$T/roce-sn5600-hgx-h100-64.json"
meta "$T/roce-sn5600-hgx-h100-64.json" 7 "Ethernet RoCE cluster" \
  "64 HGX H100 servers (512 GPUs) on Spectrum-4 SN5600 Ethernet, 400 GbE per GPU, PFC/ECN on; training Llama 3 70B" \
  '{"workload": "llama3-70b"}'

"$B" generate rented --server hgx-h100-8gpu --nodes 8 --per-node-gbps 3200 --price-per-gpu-hour 3.99 \
  --provider "Lambda (8x H100 SXM nodes, on demand)" \
  --price-source "Lambda H100 SXM 8x node on demand, 3.99 USD/GPU-hr (silybench-data, 2026-09-25)" \
  --name "Rented: 8 nodes x 8 H100 SXM, 3,200 Gb/s per node, 3.99 USD per GPU-hour" -o "$T/rented-8x-h100-3200g.json"
meta "$T/rented-8x-h100-3200g.json" 8 "Rented 64-GPU cluster" \
  "Eight rented 8x H100 SXM nodes (64 GPUs), 3,200 Gb/s per node, 3.99 USD per GPU-hour; fine-tuning Llama 3 70B" \
  '{"workload": "llama3-70b"}'
