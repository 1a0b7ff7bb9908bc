module nodetoolkit.local/beecluster/contracts

go 1.26

require github.com/ethersphere/go-storage-incentives-abi v0.9.4
