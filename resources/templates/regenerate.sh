#!/bin/sh
# Regenerates the bundled templates with the topology generators (issue 4).
# Usage: resources/templates/regenerate.sh path/to/cluster-designer
# Every template must raise no design rule (tests/model/test_rules.cpp checks it).
set -e
B=${1:?path to the cluster-designer binary}
T=$(dirname "$0")
"$B" generate fat-tree --server dgx-h100 --nodes 32 --switch qm9700 \
  --name "DGX SuperPOD H100 - one scalable unit (32 DGX H100, rail-optimized NDR)" -o "$T/superpod-h100-1su.json"
# The default design keeps the workload the analysis shows first.
python3 - "$T/superpod-h100-1su.json" <<'PY'
import json, sys
p = sys.argv[1]
d = json.load(open(p))
d["analysis"]["workload"] = "gpt3-175b"
open(p, "w").write(json.dumps(d, indent=1) + "\n")
PY
"$B" generate gb200-nvl72 --racks 8 --switch qm9700 \
  --name "GB200 NVL72 x8 racks (576 GPUs, NVLink inside each rack) joined by an NDR fat tree" -o "$T/gb200-nvl72-8racks.json"
"$B" generate roce --server hgx-h100-8gpu --nodes 64 --switch sn5600 --nic bluefield-3-400g --lossless on \
  --name "64x HGX H100 on a Spectrum-4 SN5600 RoCE fabric (400GbE per GPU, PFC/ECN on)" -o "$T/roce-sn5600-hgx-h100-64.json"
"$B" generate server --server pcie-2-8-5-l40s --name "8x L40S PCIe server (PCIe Optimized 2-8-5)" -o "$T/server-8x-l40s.json"
"$B" generate server --server ws-4x-rtx4090 --name "4x RTX 4090 workstation" \
  --waive "consumer-no-p2p=Accepted by design: GeForce cards have no NVLink and the stock driver gives no PCIe P2P (NCCL issue #1127); this template shows what that costs." \
  -o "$T/workstation-4x-rtx4090.json"
"$B" generate rented --server hgx-h100-8gpu --nodes 8 --per-node-gbps 3200 --price-per-gpu-hour 3.99 \
  --provider "Lambda (8x H100 SXM nodes, on demand)" \
  --price-source "shared/reference/prices.md: Lambda H100 SXM 8x node 3.99 USD/GPU-hr, silybench-data, 2026-09-25" \
  --name "Rented: 8 nodes x 8 H100 SXM, 3,200 Gb/s per node, 3.99 USD per GPU-hour" -o "$T/rented-8x-h100-3200g.json"
