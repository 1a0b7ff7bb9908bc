// Command contracts prints the Swarm contracts the loopback test cluster deploys (creation bytecode
// and ABI) as JSON, taken from the exact module versions bee v2.8.1 pins: the storage-incentive
// contracts (go-storage-incentives-abi; bee loads the Testnet ABIs for any unknown chain id, so using
// the Testnet bins of the same version keeps the chain and the node in step), and for a swap-enabled
// cluster the chequebook factory (go-sw3-abi) and the swap price oracle (go-price-oracle-abi).
package main

import (
	"encoding/json"
	"os"

	priceoracle "github.com/ethersphere/go-price-oracle-abi/priceoracleabi"
	"github.com/ethersphere/go-storage-incentives-abi/abi"
	"github.com/ethersphere/go-sw3-abi/sw3abi"
)

type contract struct {
	Bin string          `json:"bin"`
	ABI json.RawMessage `json:"abi"`
}

func main() {
	out := map[string]contract{
		"BzzToken":          {abi.TestnetBzzTokenBin, json.RawMessage(abi.TestnetBzzTokenABI)},
		"Staking":           {abi.TestnetStakingBin, json.RawMessage(abi.TestnetStakingABI)},
		"PostageStamp":      {abi.TestnetPostageStampBin, json.RawMessage(abi.TestnetPostageStampABI)},
		"PriceOracle":       {abi.TestnetPriceOracleBin, json.RawMessage(abi.TestnetPriceOracleABI)},
		"Redistribution":    {abi.TestnetRedistributionBin, json.RawMessage(abi.TestnetRedistributionABI)},
		"SimpleSwapFactory": {sw3abi.SimpleSwapFactoryBinv0_6_9, json.RawMessage(sw3abi.SimpleSwapFactoryABIv0_6_9)},
		"SwapPriceOracle":   {priceoracle.PriceOracleBinv0_6_9, json.RawMessage(priceoracle.PriceOracleABIv0_6_9)},
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(out); err != nil {
		os.Stderr.WriteString("contracts: " + err.Error() + "\n")
		os.Exit(1)
	}
}
