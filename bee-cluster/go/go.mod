module nodetoolkit.local/beecluster/contracts

go 1.26

require (
	github.com/ethersphere/go-price-oracle-abi v0.6.9
	github.com/ethersphere/go-storage-incentives-abi v0.9.4
	github.com/ethersphere/go-sw3-abi v0.6.9
)
