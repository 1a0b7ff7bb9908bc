// Command contracts prints the Swarm storage-incentive contracts (creation bytecode and
// ABI) as JSON, taken from the exact module version bee pins. The loopback test cluster
// deploys these on Anvil; bee loads the Testnet ABIs for any unknown chain id, so using
// the Testnet bins of the same module version keeps the chain and the node in step.
package main

import (
	"encoding/json"
	"os"

	"github.com/ethersphere/go-storage-incentives-abi/abi"
)

type contract struct {
	Bin string          `json:"bin"`
	ABI json.RawMessage `json:"abi"`
}

func main() {
	out := map[string]contract{
		"BzzToken":       {abi.TestnetBzzTokenBin, json.RawMessage(abi.TestnetBzzTokenABI)},
		"Staking":        {abi.TestnetStakingBin, json.RawMessage(abi.TestnetStakingABI)},
		"PostageStamp":   {abi.TestnetPostageStampBin, json.RawMessage(abi.TestnetPostageStampABI)},
		"PriceOracle":    {abi.TestnetPriceOracleBin, json.RawMessage(abi.TestnetPriceOracleABI)},
		"Redistribution": {abi.TestnetRedistributionBin, json.RawMessage(abi.TestnetRedistributionABI)},
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(out); err != nil {
		os.Stderr.WriteString("contracts: " + err.Error() + "\n")
		os.Exit(1)
	}
}
