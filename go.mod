module github.com/jetjson/jet

go 1.23
