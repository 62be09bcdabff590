module github.com/puzbot/puzbot

go 1.26.8

require (
	github.com/go-air/gini v1.0.4
	github.com/jezek/xgb v1.1.1
	github.com/kbinani/screenshot v0.0.0-20250624051815-089614a94018
	github.com/otiai10/gosseract/v2 v2.4.1
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/urfave/cli/v2 v2.27.7
	github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1
	gocv.io/x/gocv v0.31.0
	golang.org/x/sys v0.33.0
)

require (
	github.com/cpuguy83/go-md2man/v2 v2.0.7 // indirect
	github.com/gen2brain/shm v0.1.1 // indirect
	github.com/godbus/dbus/v5 v5.1.0 // indirect
	github.com/lxn/win v0.0.0-20210218163916-a377121e959e // indirect
	github.com/russross/blackfriday/v2 v2.1.0 // indirect
	golang.org/x/image v0.41.0 // indirect
	golang.org/x/text v0.37.0 // indirect
)
